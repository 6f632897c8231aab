import { Box, Group, Kbd, Loader, Modal, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import type { Product } from '@shop/schema/products'
import { IconSearch } from '@tabler/icons-react'
import { type KeyboardEvent, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { ResponsiveImage } from '../../components/responsive-image'
import { hasPriceRange } from '../product/variant-choice'
import { useFormatMoney } from '../shop/use-format-money'
import { MIN_SEARCH_LENGTH, useProductSearch } from './use-search'

// Wait for a short pause in typing before asking the API, so a word costs one request, not one per letter.
const SEARCH_DEBOUNCE_MS = 200
const THUMB_SIZE = 56

/** The search box: lists matching products as you type. Loaded on the first click of the header's search icon. */
export function SearchDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Search the collection"
      size={600}
      yOffset="10vh"
      radius="sm"
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Close search' }}
      styles={{
        title: {
          fontSize: '0.75rem',
          fontWeight: 600,
          letterSpacing: '0.18em',
          textTransform: 'uppercase',
          color: 'var(--mantine-color-gold-7)',
        },
        content: { background: '#fdfbf7' },
        header: { background: '#fdfbf7' },
      }}
    >
      {/* The Modal unmounts its content when closed, so every opening starts with an empty search. */}
      <SearchPanel onClose={onClose} />
    </Modal>
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
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && results.length > 0) {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      const next = (active + step + results.length) % results.length
      setActiveIndex(next)
      const nextProduct = results[next]
      if (nextProduct) document.getElementById(optionId(listId, nextProduct.id))?.scrollIntoView({ block: 'nearest' })
    } else if (event.key === 'Enter' && activeProduct) {
      event.preventDefault()
      openProduct(activeProduct)
    }
  }

  return (
    <Stack gap="md">
      <TextInput
        data-autofocus
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

      <SearchStatus
        isSearchable={isSearchable}
        isPending={!search.isEnabled || search.data === undefined}
        isError={search.isError}
        count={results.length}
      />

      <Stack
        id={listId}
        role="listbox"
        aria-label="Matching products"
        gap={2}
        display={results.length === 0 ? 'none' : 'flex'}
        mah="min(56vh, 520px)"
        style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
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
      </Stack>

      <Group
        gap="lg"
        justify="center"
        visibleFrom="sm"
        c="ink.6"
        fz="xs"
        pt="sm"
        style={{ borderTop: '1px solid var(--mantine-color-gold-1)' }}
      >
        <Text span fz="xs">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move
        </Text>
        <Text span fz="xs">
          <Kbd size="xs">Enter</Kbd> to open
        </Text>
        <Text span fz="xs">
          <Kbd size="xs">Esc</Kbd> to close
        </Text>
      </Group>
    </Stack>
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
    <Text role="status" aria-live="polite" ta="center" py="md" c="ink.6" fz="sm">
      {message}
    </Text>
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
