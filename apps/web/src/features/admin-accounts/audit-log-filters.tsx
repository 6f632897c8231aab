import { Select, TextInput } from '@mantine/core'
import { AUDIT_ENTITIES, type AuditEntity } from '@shop/schema/accounts'
import { useSearchParam } from '../../components/admin/use-search-param'
import { useOrderDateRange } from '../admin-orders/order-date-range'
import { useAdmins } from './use-admins'

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

/**
 * The audit log's filters, kept in the URL (?adminId=&entity=&from=&to=): `values` as the server takes them (a
 * value the URL holds that is no person's id or no entity is left out), `fields` for AuditLogFilters.
 */
export function useAuditFilters() {
  const [adminParam, setAdminParam] = useSearchParam('adminId')
  const [entityParam, setEntityParam] = useSearchParam('entity')
  const dateRange = useOrderDateRange()
  const adminId = /^[1-9][0-9]*$/.test(adminParam) ? Number(adminParam) : undefined
  const entity = (AUDIT_ENTITIES as readonly string[]).includes(entityParam) ? (entityParam as AuditEntity) : undefined
  return {
    values: { adminId, entity, ...dateRange.range },
    fields: { adminId, setAdminParam, entity, setEntityParam, dates: dateRange.fields },
  }
}

type AuditLogFiltersProps = ReturnType<typeof useAuditFilters>['fields']

/** Person, entity and the days from and to: the audit log shows the entries that match them all. */
export function AuditLogFilters({ adminId, setAdminParam, entity, setEntityParam, dates }: AuditLogFiltersProps) {
  const admins = useAdmins()
  return (
    <>
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
        value={dates.fromText}
        onChange={(event) => dates.setFrom(event.currentTarget.value)}
        w={{ base: '100%', sm: 150 }}
      />
      <TextInput
        type="date"
        label="To"
        value={dates.toText}
        onChange={(event) => dates.setTo(event.currentTarget.value)}
        error={dates.error}
        w={{ base: '100%', sm: 150 }}
      />
    </>
  )
}
