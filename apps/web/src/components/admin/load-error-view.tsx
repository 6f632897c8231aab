import { Button, Stack, Text } from '@mantine/core'
import { IconAlertTriangle } from '@tabler/icons-react'

interface LoadErrorViewProps {
  /** What could not be loaded, e.g. 'The orders could not be loaded.' */
  message: string
  onRetry: () => void
  isRetrying: boolean
}

/** The API failed or could not be reached: unlike a missing record, trying again may help. */
export function LoadErrorView({ message, onRetry, isRetrying }: LoadErrorViewProps) {
  return (
    <Stack align="center" gap="xs" ta="center" py="xl">
      <IconAlertTriangle size={32} stroke={1.5} color="var(--mantine-color-red-8)" aria-hidden />
      <Text fw={600}>{message}</Text>
      <Text size="sm" c="ink.7">
        Please check your connection and try again.
      </Text>
      <Button variant="default" size="xs" mt={4} onClick={onRetry} loading={isRetrying}>
        Try again
      </Button>
    </Stack>
  )
}
