import { IconSearch } from '@tabler/icons-react'
import iconButton from '../../components/icon-button.module.css'
import { SEARCH_POPOVER_ID, SearchPopover } from './search-box'

/**
 * The header's search icon: the browser opens the search box (a popover the button names), before the page's code
 * has run as after.
 */
export function SearchButton() {
  return (
    <>
      <button type="button" aria-label="Search" popoverTarget={SEARCH_POPOVER_ID} className={iconButton.root}>
        <IconSearch size={20} stroke={1.5} />
      </button>
      <SearchPopover />
    </>
  )
}
