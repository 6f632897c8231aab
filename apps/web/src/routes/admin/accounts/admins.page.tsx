import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type AdminAccount, type CreateAdminInput, ZCreateAdminInput } from '@shop/schema/accounts'
import { useState } from 'react'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { toastFailure } from '../../../components/admin/toast-failure'
import { toast } from '../../../components/toasts'
import {
  useAccount,
  useAccountPolicy,
  useAdmins,
  useCreateAdmin,
  useDeleteAdmin,
  useUpdateAccountPolicy,
  useUpdateAdmin,
} from '../../../features/admin-accounts/use-accounts'
import { usePageMeta } from '../../../features/shop/use-shop'

const ROLE_OPTIONS = [
  { value: 'staff', label: 'Staff (catalog, orders, testimonials)' },
  { value: 'owner', label: 'Owner (everything)' },
]

function InviteForm() {
  const create = useCreateAdmin()
  const [link, setLink] = useState<{ username: string; url: string } | null>(null)
  const form = useForm<CreateAdminInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', email: '', name: '', role: 'staff' },
    validate: schemaResolver(ZCreateAdminInput),
  })
  const onSubmit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: (result) => {
        toast({ title: 'Admin invited', message: result.message })
        setLink(result.setPasswordLink ? { username: result.admin.username, url: result.setPasswordLink } : null)
        form.reset()
      },
      onError: (error) => toastFailure('The admin could not be invited.', error),
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
        {link && (
          <Alert color="gold" title={`One-time link for ${link.username}`}>
            <Stack gap="xs">
              <Text size="sm">
                No mail server is configured: give this link to the new admin to set their password. It is shown only
                once and works for 7 days.
              </Text>
              <Code block>{link.url}</Code>
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy} w="fit-content">
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Stack>
          </Alert>
        )}
      </Stack>
    </Card>
  )
}

function PolicySwitch() {
  const policy = useAccountPolicy()
  const update = useUpdateAccountPolicy()
  return (
    <Card withBorder padding="lg" radius="md">
      <Switch
        label="Require two-factor sign-in for every admin"
        description="Admins without it can only open their Account screen until they turn it on."
        checked={policy.data?.requireTwoFactor ?? false}
        disabled={!policy.data || update.isPending}
        onChange={(event) =>
          update.mutate(
            { requireTwoFactor: event.currentTarget.checked },
            {
              onSuccess: (result) =>
                toast({
                  title: 'Settings saved',
                  message: result.requireTwoFactor
                    ? 'Every admin must now sign in with two factors.'
                    : 'Two-factor sign-in is now optional.',
                }),
              onError: (error) => toastFailure('The setting could not be saved.', error),
            },
          )
        }
      />
    </Card>
  )
}

function AdminRow({ admin, isSelf }: { admin: AdminAccount; isSelf: boolean }) {
  const update = useUpdateAdmin()
  const remove = useDeleteAdmin()
  const change = (values: { role?: 'owner' | 'staff'; disabled?: boolean }, done: string) =>
    update.mutate(
      { id: admin.id, ...values },
      {
        onSuccess: () => toast({ title: 'Admin updated', message: done }),
        onError: (error) => toastFailure('The admin could not be changed.', error),
      },
    )
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {admin.username}
          {isSelf ? ' (you)' : ''}
        </Text>
        <Text size="xs" c="ink.7">
          {admin.name} · {admin.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Role of ${admin.username}`}
          data={[
            { value: 'staff', label: 'Staff' },
            { value: 'owner', label: 'Owner' },
          ]}
          value={admin.role}
          allowDeselect={false}
          w={110}
          onChange={(value) => {
            if (value === 'owner' || value === 'staff') change({ role: value }, `${admin.username} is now ${value}.`)
          }}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Badge variant="dot" color={admin.disabled ? 'gray.6' : 'green.7'} c="ink.9" radius="sm">
            {admin.disabled ? 'Disabled' : 'Active'}
          </Badge>
          {admin.twoFactor && (
            <Badge variant="dot" color="gold.7" c="ink.9" radius="sm">
              2FA
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            disabled={isSelf}
            onClick={() =>
              change(
                { disabled: !admin.disabled },
                `${admin.username} is ${admin.disabled ? 'enabled again' : 'disabled; their sessions have ended'}.`,
              )
            }
          >
            {admin.disabled ? 'Enable' : 'Disable'}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={isSelf}
            aria-label={`Delete ${admin.username}`}
            onClick={() => {
              if (!window.confirm(`Delete ${admin.username}? This cannot be undone.`)) return
              remove.mutate(
                { id: admin.id },
                {
                  onSuccess: () => toast({ title: 'Admin deleted', message: `${admin.username} has been deleted.` }),
                  onError: (error) => toastFailure('The admin could not be deleted.', error),
                },
              )
            }}
          >
            Delete
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  )
}

export function AdminsPage() {
  usePageMeta('Admins')
  const admins = useAdmins()
  const account = useAccount()
  return (
    <Stack gap="lg">
      <PageHeader title="Admins" subtitle="Who can sign in to the back office, and what they may do" />
      <InviteForm />
      <PolicySwitch />
      <Card withBorder padding="lg" radius="md">
        {admins.isError ? (
          <LoadErrorView
            message="The admins could not be loaded."
            onRetry={() => void admins.refetch()}
            isRetrying={admins.isRefetching}
          />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Admin</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(admins.data ?? []).map((admin) => (
                  <AdminRow key={admin.id} admin={admin} isSelf={admin.id === account.data?.id} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  )
}
