import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core'
import { ZOtp } from '@shop/schema/common'
import { useState } from 'react'
import { loginFailureOf, useLoginTwoFactor } from './use-accounts'

interface TwoFactorStepProps {
  challenge: string
  onDone: () => void
  /** Back to the password (an expired challenge). */
  onRestart: () => void
}

/** The login's second step: a 6-digit code, or one of the recovery codes instead. */
export function TwoFactorStep({ challenge, onDone, onRestart }: TwoFactorStepProps) {
  const login = useLoginTwoFactor()
  const [isRecovery, setIsRecovery] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const code = value.trim()
    if (!isRecovery) {
      const checked = ZOtp.safeParse(code)
      if (!checked.success) {
        setError(checked.error.issues[0]?.message ?? 'OTP must be 6 digits')
        return
      }
    } else if (code === '') {
      setError('Recovery code must be 10 letters or digits')
      return
    }
    setError(null)
    login.mutate(isRecovery ? { challenge, recoveryCode: code } : { challenge, code }, {
      onSuccess: onDone,
      // The hook's toast says why too; the field keeps the reason, and is emptied for the next try.
      onError: (failure) => {
        setError(loginFailureOf(failure))
        setValue('')
      },
    })
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={isRecovery ? 'Recovery code' : 'Authentication code'}
          autoComplete="one-time-code"
          inputMode={isRecovery ? 'text' : 'numeric'}
          maxLength={isRecovery ? 20 : 6}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            c="gold.8"
            onClick={() => {
              setIsRecovery(!isRecovery)
              setValue('')
              setError(null)
            }}
          >
            {isRecovery ? 'Use a code from the app' : 'Use a recovery code'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="gold.8" onClick={onRestart}>
            Back to login
          </Anchor>
        </Group>
        <Button type="submit" fullWidth disabled={login.isPending}>
          {login.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      </Stack>
    </form>
  )
}
