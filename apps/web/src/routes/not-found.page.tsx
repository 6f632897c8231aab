import { Button, Container, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router-dom'
import { usePageHead } from '../features/seo/use-page-head'

export function NotFoundPage() {
  usePageHead({ title: 'Page Not Found', notFound: true })
  return (
    <Container size="sm" py={96}>
      <Stack align="center" gap="md" ta="center">
        <Text c="gold.7" fw={600} tt="uppercase" lts={2}>
          404
        </Text>
        <Title order={1}>Page Not Found</Title>
        <Text c="dimmed">The page you're looking for doesn't exist or has been moved.</Text>
        <Button component={Link} to="/" mt="md">
          Back to Home
        </Button>
      </Stack>
    </Container>
  )
}
