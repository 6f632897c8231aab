import { Card, Code, Flex, Select, Stack, Table, Text, TextInput } from '@mantine/core'
import { AUDIT_ENTITIES, type AuditEntry } from '@shop/schema/accounts'
import { ListPager } from '../../../components/admin/list-pager'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { useListPage } from '../../../components/admin/use-list-page'
import { useSearchParam } from '../../../components/admin/use-search-param'
import { useAdmins, useAuditPage } from '../../../features/admin-accounts/use-accounts'
import { useOrderDateRange } from '../../../features/admin-orders/order-date-range'
import { usePageMeta } from '../../../features/shop/use-shop'
import { formatDateTime } from '../../../lib/format'

const ENTRIES_PER_PAGE = 50
const ENTITY_LABELS: Record<string, string> = {
  session: 'Sign-ins and sessions',
  product: 'Products',
  category: 'Categories',
  order: 'Orders',
  testimonial: 'Testimonials',
  settings: 'Settings',
  'shipping-zone': 'Shipping zones',
  'tax-rate': 'Tax rates',
  discount: 'Discount codes',
  admin: 'Admins',
  upload: 'Uploads',
  access: 'Refused access',
}

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

export function AuditLogPage() {
  usePageMeta('Audit Log')
  // Filters and page in the URL (?adminId=&entity=&from=&to=&page=), paged on the server like the orders list.
  const { page, setPage } = useListPage()
  const [adminParam, setAdminParam] = useSearchParam('adminId')
  const [entityParam, setEntityParam] = useSearchParam('entity')
  const dateRange = useOrderDateRange()
  const admins = useAdmins()
  const adminId = /^[1-9][0-9]*$/.test(adminParam) ? Number(adminParam) : undefined
  const entity = (AUDIT_ENTITIES as readonly string[]).includes(entityParam)
    ? (entityParam as (typeof AUDIT_ENTITIES)[number])
    : undefined
  const { data, isError, refetch, isRefetching } = useAuditPage({
    adminId,
    entity,
    ...dateRange.range,
    page,
    pageSize: ENTRIES_PER_PAGE,
  })

  return (
    <Stack gap="lg">
      <PageHeader title="Audit Log" subtitle="Every change and sign-in in the back office: who, when, from where" />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ sm: 'flex-end' }} wrap="wrap">
            <Select
              label="Person"
              placeholder="Everyone"
              data={(admins.data ?? []).map((admin) => ({ value: String(admin.id), label: admin.username }))}
              value={adminId === undefined ? null : String(adminId)}
              onChange={(value) => setAdminParam(value ?? '')}
              clearable
              w={{ base: '100%', sm: 180 }}
            />
            <Select
              label="Entity"
              placeholder="Everything"
              data={AUDIT_ENTITIES.map((value) => ({ value, label: ENTITY_LABELS[value] ?? value }))}
              value={entity ?? null}
              onChange={(value) => setEntityParam(value ?? '')}
              clearable
              w={{ base: '100%', sm: 200 }}
            />
            <TextInput
              type="date"
              label="From"
              value={dateRange.fields.fromText}
              onChange={(event) => dateRange.fields.setFrom(event.currentTarget.value)}
              w={{ base: '100%', sm: 150 }}
            />
            <TextInput
              type="date"
              label="To"
              value={dateRange.fields.toText}
              onChange={(event) => dateRange.fields.setTo(event.currentTarget.value)}
              error={dateRange.fields.error}
              w={{ base: '100%', sm: 150 }}
            />
          </Flex>
          {isError ? (
            <LoadErrorView
              message="The audit log could not be loaded."
              onRetry={() => void refetch()}
              isRetrying={isRefetching}
            />
          ) : (
            <>
              <Table.ScrollContainer minWidth={820}>
                <Table verticalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>When</Table.Th>
                      <Table.Th>Who</Table.Th>
                      <Table.Th>Address</Table.Th>
                      <Table.Th>Action</Table.Th>
                      <Table.Th>Entity</Table.Th>
                      <Table.Th>Changes</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data?.items.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={6}>
                          <Text c="ink.7" ta="center" py="md">
                            No entries match these filters.
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                    {data?.items.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
                        <Table.Td>{entry.actor}</Table.Td>
                        <Table.Td>{entry.ip}</Table.Td>
                        <Table.Td>{entry.action}</Table.Td>
                        <Table.Td>
                          {entry.entity}
                          {entry.entityId ? ` #${entry.entityId}` : ''}
                        </Table.Td>
                        <Table.Td>
                          <ChangesText changes={entry.changes} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListPager
                page={page}
                pageSize={ENTRIES_PER_PAGE}
                total={data?.total}
                noun="entries"
                onChange={setPage}
              />
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  )
}
