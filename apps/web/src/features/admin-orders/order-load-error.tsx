import { Button, Card, Stack, Text, Title } from '@mantine/core'

/** The API failed or could not be reached: not the same as a missing order, so offer to try again. */
export function OrderLoadError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm" ta="center" py="xl">
        <Title order={1} fz={28}>
          Something went wrong
        </Title>
        <Text c="ink.7">The order could not be loaded. Please try again.</Text>
        <Button mt="sm" onClick={onRetry} loading={isRetrying}>
          Try again
        </Button>
      </Stack>
    </Card>
  )
}
