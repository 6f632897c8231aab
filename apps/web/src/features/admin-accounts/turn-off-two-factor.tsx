import { Button, Stack, Text } from '@mantine/core'
import { checkPasswordAndCode, PasswordAndCode, useCodeField, usePasswordField } from './password-and-code-fields'
import { useTwoFactorDisable } from './use-accounts'

/** Turning two-factor sign-in off, with the password and a current code. */
export function TurnOffTwoFactor() {
  const disable = useTwoFactorDisable()
  const passwordField = usePasswordField()
  const codeField = useCodeField()
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const values = checkPasswordAndCode(passwordField, codeField)
    if (values) disable.mutate(values)
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">To turn it off, enter your password and a current code.</Text>
        <PasswordAndCode passwordField={passwordField} codeField={codeField} codeLabel="Code" />
        <Button type="submit" color="red" variant="light" w="fit-content" loading={disable.isPending}>
          Turn off two-factor sign-in
        </Button>
      </Stack>
    </form>
  )
}
