import { Alert, Button, Code, Stack, Text } from '@mantine/core'

interface RecoveryCodesAlertProps {
  codes: string[]
  onDone: () => void
}

/** The recovery codes, shown once: they stay on screen until dismissed, whatever the account query says since. */
export function RecoveryCodesAlert({ codes, onDone }: RecoveryCodesAlertProps) {
  return (
    <Alert color="gold" title="Save your recovery codes">
      <Stack gap="xs">
        <Text size="sm">
          Two-factor sign-in is on. Each of these codes signs you in once if you lose your phone. They are shown only
          now: write them down or print them.
        </Text>
        <Code block aria-label="Recovery codes">
          {codes.join('\n')}
        </Code>
        <Button size="xs" variant="default" w="fit-content" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Alert>
  )
}
