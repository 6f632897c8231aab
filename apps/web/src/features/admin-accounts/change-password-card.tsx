import { Button, Card, Group, PasswordInput, Stack, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type ChangePasswordInput, ZChangePasswordInput } from '@shop/schema/accounts'
import { useChangePassword } from './use-accounts'

/** The Account screen's password change: the current password, then the new one twice. */
export function ChangePasswordCard() {
  const change = useChangePassword()
  const form = useForm<ChangePasswordInput>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: schemaResolver(ZChangePasswordInput),
  })
  const onSubmit = form.onSubmit((values) => change.mutate(values, { onSuccess: () => form.reset() }))
  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Change password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
