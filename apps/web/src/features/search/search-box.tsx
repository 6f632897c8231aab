import { Box, CloseButton, Loader, Text, TextInput, VisuallyHidden } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import type { Product } from '@shop/schema/products'
import { IconSearch } from '@tabler/icons-react'
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ResponsiveImage } from '../../components/responsive-image'
import { hasPriceRange } from '../product/variant-choice'
import { useFormatMoney } from '../shop/use-format-money'
import classes from './search-box.module.css'
import { MIN_SEARCH_LENGTH, useProductSearch } from './use-search'

// Wait for a short pause in typing before asking the API, so a word costs one request, not one per letter.
const SEARCH_DEBOUNCE_MS = 200
const THUMB_SIZE = 56

/** The id the header's search button names with `popovertarget`. */
export const SEARCH_POPOVER_ID = 'site-search'

/**
 * The search box, in a popover the browser opens itself when the header's search button is tapped, so it works from
 * the moment it is painted (docs/decisions/0019). Before the page's code has run it is a plain search form whose
 * results page the server renders (`/products?q=`); after, it lists matching products as you type. Escape, a tap
 * outside it and its close button close it; every opening starts with an empty search.
 */
export function SearchPopover() {
  const popover = useRef<HTMLDivElement>(null)
  const titleId = useId()
  // A new panel for each opening, made while the popover is closed.
  const [opening, setOpening] = useState(0)
  return (
    <div
      id={SEARCH_POPOVER_ID}
      ref={popover}
      popover="auto"
      role="dialog"
      aria-labelledby={titleId}
      className={classes.popover}
      onToggle={(event) => {
        if (event.newState === 'closed') setOpening((count) => count + 1)
        else popover.current?.querySelector('input')?.focus()
      }}
    >
      <div className={classes.header}>
        <h2 id={titleId} className={classes.title}>
          Search the collection
        </h2>
        <CloseButton popoverTarget={SEARCH_POPOVER_ID} popoverTargetAction="hide" aria-label="Close search" />
      </div>
      <SearchPanel key={opening} onClose={() => popover.current?.hidePopover()} />
    </div>
  )
}

function optionId(listId: string, productId: number): string {
  return `${listId}-${productId}`
}

function SearchPanel({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate()
  const id = useId()
  const listId = `${id}-results`
  const [text, setText] = useState('')
  const [activeIndex, setActiveIndex] = useState(0)
  const [debouncedText] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS)
  const search = useProductSearch(debouncedText)
  const isSearchable = text.trim().length >= MIN_SEARCH_LENGTH
  const results = isSearchable && search.isEnabled && !search.isError ? (search.data ?? []) : []
  const active = results.length > 0 ? Math.min(activeIndex, results.length - 1) : -1
  const activeProduct = results[active]

  function openProduct(product: Pick<Product, 'id'>) {
    onClose()
    navigate(`/product/${product.id}`)
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // A search field takes the first Escape to empty itself; here Escape closes the search at once.
    if (event.key === 'Escape') {
      event.preventDefault()
      onClose()
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && results.length > 0) {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      const next = (active + step + results.length) % results.length
      setActiveIndex(next)
      const nextProduct = results[next]
      if (nextProduct) document.getElementById(optionId(listId, nextProduct.id))?.scrollIntoView({ block: 'nearest' })
    }
  }

  // Enter opens the highlighted product; with none, the results page, as the form does before the code has run.
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (activeProduct) {
      openProduct(activeProduct)
    } else if (isSearchable) {
      onClose()
      navigate(`/products?${new URLSearchParams({ q: text.trim() })}`)
    }
  }

  return (
    <div className={classes.panel}>
      <form action="/products" method="get" onSubmit={handleSubmit}>
        <TextInput
          name="q"
          // The browser focuses it when the popover opens, before the page's code has run as after.
          autoFocus
          type="search"
          size="lg"
          radius="xs"
          placeholder="Crosses, lockets, pearls…"
          aria-label="Search products"
          leftSection={<IconSearch size={20} stroke={1.5} aria-hidden />}
          rightSection={search.isFetching && isSearchable ? <Loader size={18} color="gold.7" /> : null}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value)
            setActiveIndex(0)
          }}
          onKeyDown={handleKeyDown}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={results.length > 0}
          aria-controls={listId}
          aria-activedescendant={activeProduct ? optionId(listId, activeProduct.id) : undefined}
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { background: '#fff', fontSize: '1.0625rem' } }}
        />
      </form>

      <SearchStatus
        isSearchable={isSearchable}
        isPending={!search.isEnabled || search.data === undefined}
        isError={search.isError}
        count={results.length}
      />

      <div
        id={listId}
        role="listbox"
        aria-label="Matching products"
        className={classes.results}
        hidden={results.length === 0}
      >
        {results.map((product, i) => (
          <SearchResult
            key={product.id}
            id={optionId(listId, product.id)}
            product={product}
            isActive={i === active}
            onHover={() => setActiveIndex(i)}
            onOpen={onClose}
          />
        ))}
      </div>

      <div className={classes.keys}>
        <span>
          <kbd className={classes.kbd}>↑</kbd> <kbd className={classes.kbd}>↓</kbd> to move
        </span>
        <span>
          <kbd className={classes.kbd}>Enter</kbd> to open
        </span>
        <span>
          <kbd className={classes.kbd}>Esc</kbd> to close
        </span>
      </div>
    </div>
  )
}

interface SearchStatusProps {
  isSearchable: boolean
  isPending: boolean
  isError: boolean
  count: number
}

/** What the search is doing, read out by screen readers as it changes. */
function SearchStatus({ isSearchable, isPending, isError, count }: SearchStatusProps) {
  let message = `${count} ${count === 1 ? 'product' : 'products'} found`
  let isVisible = false
  if (!isSearchable) {
    message = `Type at least ${MIN_SEARCH_LENGTH} characters to search.`
    isVisible = true
  } else if (isError) {
    message = 'Search is unavailable right now. Please try again.'
    isVisible = true
  } else if (isPending) {
    message = 'Searching…'
  } else if (count === 0) {
    message = 'No products found'
    isVisible = true
  }
  if (!isVisible) {
    return (
      <VisuallyHidden role="status" aria-live="polite">
        {message}
      </VisuallyHidden>
    )
  }
  return (
    <p role="status" aria-live="polite" className={classes.status}>
      {message}
    </p>
  )
}

interface SearchResultProps {
  id: string
  product: Product
  isActive: boolean
  onHover: () => void
  onOpen: () => void
}

function SearchResult({ id, product, isActive, onHover, onOpen }: SearchResultProps) {
  const formatMoney = useFormatMoney()
  return (
    <Box
      component={Link}
      to={`/product/${product.id}`}
      id={id}
      role="option"
      aria-selected={isActive}
      tabIndex={-1}
      onClick={onOpen}
      onMouseEnter={onHover}
      p="xs"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 'var(--mantine-spacing-md)',
        borderRadius: 'var(--mantine-radius-sm)',
        textDecoration: 'none',
        color: 'inherit',
        background: isActive ? 'var(--mantine-color-gold-0)' : 'transparent',
        boxShadow: isActive ? 'inset 2px 0 0 var(--mantine-color-gold-6)' : 'none',
      }}
    >
      <ResponsiveImage
        src={product.imageUrls[0]}
        sizes={`${THUMB_SIZE}px`}
        alt=""
        width={THUMB_SIZE}
        height={THUMB_SIZE}
        w={THUMB_SIZE}
        h={THUMB_SIZE}
        radius="xs"
        style={{ flex: 'none', border: '1px solid var(--mantine-color-gold-1)' }}
      />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text ff="heading" fw={600} fz="lg" lh={1.2} lineClamp={2} c="ink.9">
          {product.name}
        </Text>
        {product.categoryName && (
          <Text fz={11} c="ink.6" tt="uppercase" lts="0.16em">
            {product.categoryName}
          </Text>
        )}
      </Box>
      <Text fz="sm" c="gold.8" style={{ flex: 'none' }}>
        {hasPriceRange(product) ? `From ${formatMoney(product.price)}` : formatMoney(product.price)}
      </Text>
    </Box>
  )
}
