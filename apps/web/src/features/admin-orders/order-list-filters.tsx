import { Flex, Select, TextInput } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { parseStatusFilter, STATUS_FILTER_OPTIONS, type StatusFilter } from './order-filters'

export function OrderListFilters({
  search,
  status,
  onSearchChange,
  onStatusChange,
}: {
  search: string
  status: StatusFilter
  onSearchChange: (search: string) => void
  onStatusChange: (status: StatusFilter) => void
}) {
  return (
    <Flex direction={{ base: 'column', sm: 'row' }} gap="sm">
      <TextInput
        type="search"
        aria-label="Search orders"
        placeholder="Search by order number, customer name, or email..."
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        style={{ flex: 1 }}
      />
      <Select
        aria-label="Filter by status"
        data={STATUS_FILTER_OPTIONS}
        value={status}
        onChange={(value) => onStatusChange(parseStatusFilter(value))}
        allowDeselect={false}
        w={{ base: '100%', sm: 200 }}
      />
    </Flex>
  )
}
