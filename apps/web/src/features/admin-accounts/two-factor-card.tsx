import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { RecoveryCodesAlert } from './recovery-codes-alert'
import { TurnOffTwoFactor } from './turn-off-two-factor'
import { TurnOnTwoFactor } from './turn-on-two-factor'
import { useAccount } from './use-accounts'

/** The Account screen's two-factor sign-in: whether it is on, turning it on (then the recovery codes) or off. */
export function TwoFactorCard() {
  const account = useAccount()
  const isOn = account.data?.twoFactor ?? false
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Two-factor sign-in
          </Title>
          <Badge variant="dot" color={isOn ? 'green.7' : 'gray.6'} c="ink.9" radius="sm">
            {isOn ? 'On' : 'Off'}
          </Badge>
        </Group>
        {account.data?.mustEnableTwoFactor && (
          <Alert color="orange">This shop requires two-factor sign-in: turn it on to open the other screens.</Alert>
        )}
        {recoveryCodes ? (
          <RecoveryCodesAlert codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : isOn ? (
          <>
            <Text size="sm">{account.data?.recoveryCodesLeft} recovery codes left.</Text>
            <TurnOffTwoFactor />
          </>
        ) : (
          <TurnOnTwoFactor onEnabled={setRecoveryCodes} />
        )}
      </Stack>
    </Card>
  )
}
