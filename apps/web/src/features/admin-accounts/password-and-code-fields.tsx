import { Group, PasswordInput, TextInput } from '@mantine/core'
import { ZEnableTwoFactorInput } from '@shop/schema/accounts'
import { ZVerificationCode } from '@shop/schema/common'
import { useState } from 'react'

/** A 6-digit code field checked with the spec's rule before it is sent. */
export function useCodeField() {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const check = () => {
    const result = ZVerificationCode.safeParse(code.trim())
    setError(result.success ? null : (result.error.issues[0]?.message ?? 'Verification code must be 6 digits'))
    return result.success ? result.data : undefined
  }
  return { code, setCode, error, setError, check }
}

/** The password that turning two-factor sign-in on or off asks again, checked with the API's rule before it is sent. */
export function usePasswordField() {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const check = () => {
    const result = ZEnableTwoFactorInput.shape.password.safeParse(password)
    setError(result.success ? null : (result.error.issues[0]?.message ?? 'Current password is required'))
    return result.success ? result.data : undefined
  }
  return { password, setPassword, error, check }
}

/**
 * Checks both fields (each shows its own error) and gives the password and the code when both are right, for the
 * forms that turn two-factor sign-in on and off.
 */
export function checkPasswordAndCode(
  passwordField: ReturnType<typeof usePasswordField>,
  codeField: ReturnType<typeof useCodeField>,
): { password: string; code: string } | undefined {
  const password = passwordField.check()
  const code = codeField.check()
  return password === undefined || !code ? undefined : { password, code }
}

interface PasswordAndCodeProps {
  passwordField: ReturnType<typeof usePasswordField>
  codeField: ReturnType<typeof useCodeField>
  codeLabel: string
}

/** The password and a code of the authenticator, asked both to turn two-factor sign-in on and to turn it off. */
export function PasswordAndCode({ passwordField, codeField, codeLabel }: PasswordAndCodeProps) {
  return (
    <Group align="flex-start">
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        value={passwordField.password}
        onChange={(event) => passwordField.setPassword(event.currentTarget.value)}
        error={passwordField.error}
        w={220}
      />
      <TextInput
        label={codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={codeField.code}
        onChange={(event) => codeField.setCode(event.currentTarget.value)}
        error={codeField.error}
        w={140}
      />
    </Group>
  )
}
