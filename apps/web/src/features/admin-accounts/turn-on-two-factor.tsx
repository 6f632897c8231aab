import { Button, Code, Image, Stack, Text } from '@mantine/core'
import type { TwoFactorSetup } from '@shop/schema/accounts'
import { useState } from 'react'
import { checkPasswordAndCode, PasswordAndCode, useCodeField, usePasswordField } from './password-and-code-fields'
import { useTwoFactorEnable, useTwoFactorSetup } from './use-accounts'

/**
 * Turning two-factor sign-in on: a button asks the server for a secret, then its QR code and key show with the
 * password and a code of the app to confirm. The recovery codes of the answer go to `onEnabled`.
 */
export function TurnOnTwoFactor({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = useTwoFactorSetup()
  const enable = useTwoFactorEnable()
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null)
  const passwordField = usePasswordField()
  const codeField = useCodeField()

  if (!secret) {
    return (
      <Button
        w="fit-content"
        loading={setup.isPending}
        onClick={() => setup.mutate(undefined, { onSuccess: setSecret })}
      >
        Turn on two-factor sign-in
      </Button>
    )
  }
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const values = checkPasswordAndCode(passwordField, codeField)
    if (!values) return
    // mutateAsync, not mutate's callbacks: the account refetched after the change swaps this form for the "on"
    // view, and the codes, shown once, must reach the card even so. A failure is the hook's toast.
    enable.mutateAsync(values).then(
      (result) => onEnabled(result.recoveryCodes),
      () => undefined,
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Scan this QR code with your authenticator app, or enter the key by hand, then enter your password and the
          6-digit code the app shows.
        </Text>
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qrSvg)}`}
          alt="QR code to scan with your authenticator app"
          w={180}
          h={180}
        />
        <Text size="sm">
          Key: <Code data-testid="totp-secret">{secret.secret}</Code>
        </Text>
        <PasswordAndCode passwordField={passwordField} codeField={codeField} codeLabel="Verification code" />
        <Button type="submit" w="fit-content" loading={enable.isPending}>
          Confirm
        </Button>
      </Stack>
    </form>
  )
}
