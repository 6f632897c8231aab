import { ActionIcon } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { lazy, Suspense } from 'react'
import { useHasOpened } from '../../components/lazy-on-open'

// The dialog (Modal, results, keyboard handling) is not part of the first page load.
const SearchDialog = lazy(() => import('./search-box').then((m) => ({ default: m.SearchDialog })))

/** The header's search icon: opens a search box that lists matching products as you type. */
export function SearchButton() {
  const [isOpen, { open, close }] = useDisclosure(false)
  const hasOpened = useHasOpened(isOpen)
  return (
    <>
      <ActionIcon variant="subtle" color="dark" size="lg" aria-label="Search" onClick={open}>
        <IconSearch size={20} stroke={1.5} />
      </ActionIcon>
      {hasOpened && (
        <Suspense fallback={null}>
          <SearchDialog opened={isOpen} onClose={close} />
        </Suspense>
      )}
    </>
  )
}
