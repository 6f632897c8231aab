import { Card, Flex, Stack } from '@mantine/core'
import { ListPager } from '../../../components/admin/list-pager'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { useListPage } from '../../../components/admin/use-list-page'
import { AuditLogFilters, useAuditFilters } from '../../../features/admin-accounts/audit-log-filters'
import { AuditTable } from '../../../features/admin-accounts/audit-table'
import { useAuditPage } from '../../../features/admin-accounts/use-audit-log'
import { usePageMeta } from '../../../features/shop/use-shop'

const ENTRIES_PER_PAGE = 50

export function AuditLogPage() {
  usePageMeta('Audit Log')
  // Filters and page in the URL (?adminId=&entity=&from=&to=&page=), paged on the server like the orders list.
  const { page, setPage } = useListPage()
  const filters = useAuditFilters()
  const { data, isPending, isError, refetch, isRefetching } = useAuditPage({
    ...filters.values,
    page,
    pageSize: ENTRIES_PER_PAGE,
  })

  return (
    <Stack gap="lg">
      <PageHeader title="Audit Log" subtitle="Every change and sign-in in the back office: who, when, from where" />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ sm: 'flex-end' }} wrap="wrap">
            <AuditLogFilters {...filters.fields} />
          </Flex>
          {isError ? (
            <LoadErrorView
              message="The audit log could not be loaded."
              onRetry={() => void refetch()}
              isRetrying={isRefetching}
            />
          ) : (
            <>
              <AuditTable entries={data?.items} isLoading={isPending} />
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
