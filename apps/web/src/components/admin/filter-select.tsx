import { Select, type SelectProps } from '@mantine/core'
import { useSearchParams } from 'react-router-dom'
import { useSearchParam } from './use-search-param'

export interface FilterOption<T extends string> {
  value: T
  label: string
}

export function valuesOf<T extends string>(options: readonly FilterOption<T>[]): T[] {
  return options.map((option) => option.value)
}

/** A choice kept in the URL's query (?status=active): one of `choices`, or undefined for none or any other text. */
export function useChoiceParam<T extends string>(name: string, choices: readonly T[]): T | undefined {
  const [params] = useSearchParams()
  const value = params.get(name)
  return choices.find((choice) => choice === value)
}

interface FilterSelectProps<T extends string> extends Pick<SelectProps, 'w'> {
  /** The accessible name, e.g. 'Filter by status'. */
  label: string
  /** The query parameter that keeps the choice. */
  param: string
  /** The first item: what the list shows without the parameter ('All statuses', 'Sort by name'). */
  defaultLabel: string
  options: readonly FilterOption<T>[]
}

// The value of the first item of the select: no parameter in the URL.
const DEFAULT = 'default'

/** A paged list's filter or sort: its choice lives in the URL, and changing it starts the list at page 1. */
export function FilterSelect<T extends string>({
  label,
  param,
  defaultLabel,
  options,
  ...layout
}: FilterSelectProps<T>) {
  const [, setValue] = useSearchParam(param)
  const value = useChoiceParam(param, valuesOf(options))
  return (
    <Select
      aria-label={label}
      data={[{ value: DEFAULT, label: defaultLabel }, ...options]}
      value={value ?? DEFAULT}
      onChange={(next) => setValue(next === DEFAULT || next === null ? '' : next)}
      allowDeselect={false}
      {...layout}
    />
  )
}
