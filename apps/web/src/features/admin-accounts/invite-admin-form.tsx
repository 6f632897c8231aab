import { Button, Card, Group, Select, Stack, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type CreateAdminInput, ZCreateAdminInput } from '@shop/schema/accounts'
import { useState } from 'react'
import { type OneTimeLink, OneTimeLinkAlert } from './one-time-link-alert'
import { useCreateAdmin } from './use-admins'

const ROLE_OPTIONS = [
  { value: 'staff', label: 'Staff (catalog, orders, testimonials)' },
  { value: 'owner', label: 'Owner (everything)' },
]

/** Invites an admin by username, name, email and role; without a mail server the one-time link shows here. */
export function InviteAdminForm() {
  const create = useCreateAdmin()
  const [link, setLink] = useState<OneTimeLink | null>(null)
  const form = useForm<CreateAdminInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', email: '', name: '', role: 'staff' },
    validate: schemaResolver(ZCreateAdminInput),
  })
  const onSubmit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (result) => {
        setLink(result.setPasswordLink ? { username: result.admin.username, url: result.setPasswordLink } : null)
        form.reset()
      },
    }),
  )
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Invite an admin
        </Title>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput label="Username" key={form.key('username')} {...form.getInputProps('username')} />
              <TextInput label="Name" key={form.key('name')} {...form.getInputProps('name')} />
            </Group>
            <Group grow align="flex-start">
              <TextInput label="Email" type="email" key={form.key('email')} {...form.getInputProps('email')} />
              <Select
                label="Role"
                data={ROLE_OPTIONS}
                allowDeselect={false}
                key={form.key('role')}
                {...form.getInputProps('role')}
              />
            </Group>
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                Invite
              </Button>
            </Group>
          </Stack>
        </form>
        {link && <OneTimeLinkAlert link={link} />}
      </Stack>
    </Card>
  )
}
