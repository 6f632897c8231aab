import { Badge, Button, Group, Select, Text } from '@mantine/core'
import type { AdminAccount, UpdateAdminInput } from '@shop/schema/accounts'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'

/** A change of one admin: a new role, or disabled (or enabled again). */
export type AdminChange = Pick<UpdateAdminInput, 'role' | 'disabled'>

const ROLE_CHOICES = [
  { value: 'staff', label: 'Staff' },
  { value: 'owner', label: 'Owner' },
]

interface AdminTableProps {
  admins: AdminAccount[] | undefined
  isLoading: boolean
  /** The signed-in admin, who can neither disable nor delete themself. */
  selfId: number | undefined
  onChange: (admin: AdminAccount, change: AdminChange) => void
  onDelete: (admin: AdminAccount) => void
}

/** The Admins screen's list: each admin's role (changed in place), status, and their Disable/Enable and Delete. */
export function AdminTable({ admins, isLoading, selfId, onChange, onDelete }: AdminTableProps) {
  const columns: ResourceColumn<AdminAccount>[] = [
    {
      header: 'Admin',
      render: (admin) => (
        <>
          <Text fw={600} size="sm">
            {admin.username}
            {admin.id === selfId ? ' (you)' : ''}
          </Text>
          <Text size="xs" c="ink.7">
            {admin.name} · {admin.email}
          </Text>
        </>
      ),
    },
    {
      header: 'Role',
      render: (admin) => (
        <Select
          aria-label={`Role of ${admin.username}`}
          data={ROLE_CHOICES}
          value={admin.role}
          allowDeselect={false}
          w={110}
          onChange={(value) => {
            if (value === 'owner' || value === 'staff') onChange(admin, { role: value })
          }}
        />
      ),
    },
    {
      header: 'Status',
      render: (admin) => (
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
      ),
    },
    {
      // Worded buttons rather than the kit's icon actions: Disable and Enable have no plain icon, and are off for
      // the signed-in admin's own row.
      header: 'Actions',
      layout: { ta: 'right' },
      render: (admin) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            disabled={admin.id === selfId}
            onClick={() => onChange(admin, { disabled: !admin.disabled })}
          >
            {admin.disabled ? 'Enable' : 'Disable'}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={admin.id === selfId}
            aria-label={`Delete ${admin.username}`}
            onClick={() => onDelete(admin)}
          >
            Delete
          </Button>
        </Group>
      ),
    },
  ]
  return (
    <ResourceTable
      columns={columns}
      rows={admins}
      isLoading={isLoading}
      rowKey={(admin) => admin.id}
      skeletonRows={3}
      emptyText="No admins yet."
      minWidth={640}
    />
  )
}
