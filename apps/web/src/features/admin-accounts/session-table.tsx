import { Badge, Button } from '@mantine/core'
import type { Session } from '@shop/schema/accounts'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { formatDateTime } from '../../lib/format'

interface SessionTableProps {
  sessions: Session[] | undefined
  isLoading: boolean
  onSignOut: (session: Session) => void
}

/** The signed-in admin's sessions; each other one can be signed out (its button named after device and address). */
export function SessionTable({ sessions, isLoading, onSignOut }: SessionTableProps) {
  const columns: ResourceColumn<Session>[] = [
    {
      header: 'Device',
      render: (session) => (
        <>
          {session.device}
          {session.current && (
            <Badge ml="xs" size="sm" variant="dot" color="gold.7" c="ink.9" radius="sm">
              This session
            </Badge>
          )}
        </>
      ),
    },
    { header: 'IP address', render: (session) => session.ip || 'Unknown' },
    { header: 'Last seen', render: (session) => formatDateTime(session.lastSeenAt) },
    {
      // A worded button rather than the kit's icon actions: 'Sign out' reads better than any icon.
      header: 'Actions',
      layout: { ta: 'right' },
      render: (session) =>
        !session.current && (
          <Button
            size="xs"
            variant="subtle"
            aria-label={`Sign out ${session.device} (${session.ip || 'unknown address'})`}
            onClick={() => onSignOut(session)}
          >
            Sign out
          </Button>
        ),
    },
  ]
  return (
    <ResourceTable
      columns={columns}
      rows={sessions}
      isLoading={isLoading}
      rowKey={(session) => session.id}
      skeletonRows={2}
      emptyText="No active sessions."
      minWidth={560}
    />
  )
}
