import type { AuditEntry, AuditListInput } from '@shop/schema/accounts'
import { useQuery } from '@tanstack/react-query'
import { fetchPage, pageQueryKey } from '../../lib/fetch-page'

/** One page of the audit log, filtered, with the count of all matching entries. */
export function useAuditPage(input: AuditListInput) {
  const values = { ...input }
  return useQuery({
    queryKey: pageQueryKey('admin.audit.list', values),
    queryFn: ({ signal }) => fetchPage<AuditEntry>('admin.audit.list', values, signal),
  })
}
