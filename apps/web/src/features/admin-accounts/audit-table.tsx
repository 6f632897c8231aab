import { Code, Text } from '@mantine/core'
import type { AuditEntry } from '@shop/schema/accounts'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { formatDateTime } from '../../lib/format'

/** The changed fields as "field: before → after", other facts as "field: value". */
function ChangesText({ changes }: { changes: AuditEntry['changes'] }) {
  const parts = Object.entries(changes).map(([field, value]) => {
    if (Array.isArray(value) && value.length === 2) {
      const [before, after] = value.map((side) => (side === null ? '—' : String(side)))
      return `${field}: ${before} → ${after}`
    }
    return `${field}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`
  })
  if (parts.length === 0) return <Text c="ink.6">—</Text>
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', maxWidth: 420 }}>
      {parts.join('\n')}
    </Code>
  )
}

const COLUMNS: ResourceColumn<AuditEntry>[] = [
  {
    header: 'When',
    cellProps: { style: { whiteSpace: 'nowrap' } },
    render: (entry) => formatDateTime(entry.createdAt),
  },
  { header: 'Who', render: (entry) => entry.actor },
  { header: 'Address', render: (entry) => entry.ip },
  { header: 'Action', render: (entry) => entry.action },
  { header: 'Entity', render: (entry) => `${entry.entity}${entry.entityId ? ` #${entry.entityId}` : ''}` },
  { header: 'Changes', render: (entry) => <ChangesText changes={entry.changes} /> },
]

interface AuditTableProps {
  entries: AuditEntry[] | undefined
  isLoading: boolean
}

/** One page of the audit log: who did what, when, from where, and what changed. */
export function AuditTable({ entries, isLoading }: AuditTableProps) {
  return (
    <ResourceTable
      columns={COLUMNS}
      rows={entries}
      isLoading={isLoading}
      rowKey={(entry) => entry.id}
      skeletonRows={5}
      emptyText="No entries match these filters."
      minWidth={820}
    />
  )
}
