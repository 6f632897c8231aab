import { Group, Pagination, Text } from '@mantine/core'
import { useEffect } from 'react'

interface ListPagerProps {
  page: number
  pageSize: number
  /** Rows matching in all; undefined while the first page loads. */
  total: number | undefined
  /** "orders", "products". */
  noun: string
  onChange: (page: number) => void
}

/** Below a paged list: "Showing 51–100 of 1,234 orders" and the page buttons (none for a single page). */
export function ListPager({ page, pageSize, total, noun, onChange }: ListPagerProps) {
  const pages = total === undefined ? 1 : Math.max(1, Math.ceil(total / pageSize))
  // Past the last page (its last row was just deleted, or an old link): go to the last page there is.
  const isPastEnd = total !== undefined && total > 0 && page > pages
  useEffect(() => {
    if (isPastEnd) onChange(pages)
  }, [isPastEnd, pages, onChange])
  if (total === undefined || isPastEnd) return null
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return (
    <Group justify="space-between" gap="sm" mt="md">
      <Text size="sm" c="ink.6" aria-live="polite">
        {total === 0
          ? `No ${noun}`
          : `Showing ${first.toLocaleString('en-US')}–${last.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} ${noun}`}
      </Text>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onChange}
          size="sm"
          siblings={1}
          getControlProps={(control) => ({
            'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
          })}
          getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        />
      )}
    </Group>
  )
}

/** The page of the ?page= query parameter: 1 unless it is a whole number from 1. */
export function parsePage(param: string): number {
  return /^[1-9][0-9]{0,5}$/.test(param) ? Number(param) : 1
}
