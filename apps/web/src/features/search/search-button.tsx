import { ActionIcon } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'
import { SEARCH_POPOVER_ID, SearchPopover } from './search-box'

/**
 * The header's search icon: the browser opens the search box (a popover the button names), before the page's code
 * has run as after.
 */
export function SearchButton() {
  return (
    <>
      <ActionIcon variant="subtle" color="dark" size="lg" aria-label="Search" popoverTarget={SEARCH_POPOVER_ID}>
        <IconSearch size={20} stroke={1.5} />
      </ActionIcon>
      <SearchPopover />
    </>
  )
}
