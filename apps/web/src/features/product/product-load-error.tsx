import { Button, Stack, Text, Title } from '@mantine/core'

/** The API could not be reached or failed: not the same as a missing product, so offer to try again. */
export function ProductLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack align="center" gap="md" ta="center" py={72} maw={520} mx="auto">
      <Title order={1}>Something went wrong</Title>
      <Text c="ink.7">We couldn't load this piece just now. Please try again.</Text>
      <Button mt="md" size="md" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  )
}
