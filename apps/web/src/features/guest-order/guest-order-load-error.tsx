import { Button, Stack, Text, Title } from '@mantine/core'

/** The shop could not be reached or failed: unlike an unknown order, trying again may help. */
export function GuestOrderLoadError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <Stack align="center" ta="center" gap="md" py={{ base: 32, sm: 56 }} maw={520} mx="auto">
      <Title order={1} fz={{ base: 26, sm: 32 }}>
        Your order could not be loaded
      </Title>
      <Text c="ink.7">Something went wrong on our side or with the connection. Please try again.</Text>
      <Button size="md" onClick={onRetry} loading={isRetrying}>
        Try again
      </Button>
    </Stack>
  )
}
