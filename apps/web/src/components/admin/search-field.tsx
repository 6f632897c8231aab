import { TextInput, type TextInputProps } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { useSearchParam } from './use-search-param'

interface SearchFieldProps extends Pick<TextInputProps, 'w' | 'maw' | 'mb' | 'style'> {
  /** The accessible name, e.g. 'Search orders'. */
  label: string
  placeholder: string
  /** The query parameter that keeps the text. */
  param?: string
}

/** A list's search box; its text lives in the URL (?q=), where the page reads it with `useSearchParam`. */
export function SearchField({ label, placeholder, param = 'q', ...layout }: SearchFieldProps) {
  const [value, setValue] = useSearchParam(param)
  return (
    <TextInput
      type="search"
      aria-label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      {...layout}
    />
  )
}
