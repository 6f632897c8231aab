import { TextInput } from '@mantine/core'
import { ZDay } from '@shop/schema/common'
import { useSearchParam } from '../../components/admin/use-search-param'

/** A day of the URL (?from=2026-11-01) the list can use: a real YYYY-MM-DD date, or undefined. */
function dayOf(text: string): string | undefined {
  return ZDay.safeParse(text).success ? text : undefined
}

/**
 * The orders' date range, kept in the URL (?from=&to=, days as the server counts them, UTC). A range that ends
 * before it starts is shown as typed, with the server's message, and not applied.
 */
export function useOrderDateRange() {
  const [fromText, setFrom] = useSearchParam('from')
  const [toText, setTo] = useSearchParam('to')
  const from = dayOf(fromText)
  const to = dayOf(toText)
  const isReversed = from !== undefined && to !== undefined && to < from
  return {
    range: isReversed ? {} : { from, to },
    fields: { fromText, toText, setFrom, setTo, error: isReversed ? 'The range must not end before it starts' : null },
  }
}

type DateRangeFieldsProps = ReturnType<typeof useOrderDateRange>['fields']

export function OrderDateRangeFields({ fromText, toText, setFrom, setTo, error }: DateRangeFieldsProps) {
  return (
    <>
      <TextInput
        type="date"
        label="Placed from"
        value={fromText}
        onChange={(event) => setFrom(event.currentTarget.value)}
        w={{ base: '100%', sm: 150 }}
      />
      <TextInput
        type="date"
        label="Placed to"
        value={toText}
        onChange={(event) => setTo(event.currentTarget.value)}
        error={error}
        w={{ base: '100%', sm: 150 }}
      />
    </>
  )
}
