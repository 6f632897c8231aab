import { Button, Container, Stack, Text, Title } from '@mantine/core'

/** Shown instead of React Router's developer screen when a page fails to load or render. */
export function RouteError() {
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text c="ink.7">This page could not be loaded. Please try again.</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </Container>
  )
}
