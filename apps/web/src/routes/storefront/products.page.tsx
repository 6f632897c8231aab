import { Anchor, Box, Container, Group, Select, Stack, Text, Title } from '@mantine/core'
import { type ProductSort, ZProductSort } from '@shop/schema/products'
import { Link, useSearchParams } from 'react-router-dom'
import { LoadMore } from '../../features/catalog/load-more'
import { ProductGrid } from '../../features/catalog/product-grid'
import {
  loadedProducts,
  morePagesHref,
  productSortOf,
  searchTextOf,
  useProducts,
} from '../../features/catalog/use-catalog'
import { usePageHead } from '../../features/seo/use-page-head'

const SORT_OPTIONS: { value: ProductSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'name', label: 'Name' },
]
const PRODUCT_SKELETON_COUNT = 8

export function ProductsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const sort = productSortOf(searchParams.get('sort'))
  // The header's search sends its text here (`?q=`): the same list, of the pieces that match it.
  const q = searchTextOf(searchParams.get('q'))
  usePageHead(
    q === undefined
      ? {
          title: 'All Pieces',
          description: 'Every handcrafted piece in our collection: crosses, lockets, rings, bracelets and rosaries.',
        }
      : { title: `Search: ${q}`, noindex: true },
  )
  const products = useProducts(sort, q)
  const items = loadedProducts(products.data?.pages)
  const total = products.data?.pages[0]?.total

  function changeSort(value: string | null) {
    const next = ZProductSort.safeParse(value)
    if (!next.success) return
    setSearchParams(
      (params) => {
        params.set('sort', next.data)
        return params
      },
      { replace: true },
    )
  }

  return (
    <>
      <Box
        component="header"
        style={{
          background: 'linear-gradient(180deg, #f8f2e7 0%, #fdfbf7 100%)',
          borderBottom: '1px solid var(--mantine-color-gold-1)',
        }}
      >
        <Container py={{ base: 48, sm: 72 }}>
          <Stack align="center" ta="center" gap={12}>
            <Text fz={11} fw={600} tt="uppercase" lts="0.22em" c="gold.7">
              {q === undefined ? 'The Collection' : 'Search'}
            </Text>
            <Title order={1} fz={{ base: '2.5rem', sm: '3.25rem' }} lh={1.1}>
              {q === undefined ? (
                'All Pieces'
              ) : (
                <>
                  Results for “<span dir="auto">{q}</span>”
                </>
              )}
            </Title>
            <Box w={48} h={1} bg="gold.4" my={4} />
            {q === undefined ? (
              <Text maw={560} c="ink.7" lh={1.7}>
                Every piece we make, shaped and finished by hand: crosses and lockets, rings and bracelets, and heirloom
                rosaries.
              </Text>
            ) : (
              <Anchor component={Link} to="/products" c="ink.7" fz="sm">
                See all pieces
              </Anchor>
            )}
          </Stack>
        </Container>
      </Box>

      <Container pt={{ base: 32, sm: 48 }} pb={{ base: 72, sm: 104 }}>
        <Group
          justify="space-between"
          align="flex-end"
          mb={{ base: 'xl', sm: 40 }}
          pb="md"
          gap="md"
          style={{ borderBottom: '1px solid var(--mantine-color-gold-1)' }}
        >
          <Text fz="sm" c="ink.7" aria-live="polite">
            {total === undefined ? '\u00a0' : `${total} ${total === 1 ? 'piece' : 'pieces'}`}
          </Text>
          <Select
            label="Sort by"
            data={SORT_OPTIONS}
            value={sort}
            onChange={changeSort}
            allowDeselect={false}
            w={{ base: 190, sm: 220 }}
            styles={{
              label: {
                fontSize: 11,
                fontWeight: 600,
                letterSpacing: '0.18em',
                textTransform: 'uppercase',
                color: 'var(--mantine-color-ink-7)',
                marginBottom: 6,
              },
              input: { background: '#fff' },
            }}
          />
        </Group>
        {products.isError ? (
          <Text ta="center" c="ink.7" py={48}>
            Our pieces can't be shown right now. Please try again later.
          </Text>
        ) : (
          <Box style={{ opacity: products.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms ease' }}>
            <ProductGrid
              products={items}
              isLoading={products.isPending}
              skeletonCount={PRODUCT_SKELETON_COUNT}
              isAtTop
              empty={
                <Text ta="center" c="ink.7" py={48}>
                  {q === undefined ? (
                    'New pieces are on their way. Check back soon.'
                  ) : (
                    <>
                      No pieces match “<span dir="auto">{q}</span>”. Try another word, or see all pieces.
                    </>
                  )}
                </Text>
              }
              pendingCount={products.isFetchingNextPage ? PRODUCT_SKELETON_COUNT : 0}
            />
            {items && total !== undefined && (
              <LoadMore
                shown={items.length}
                total={total}
                isLoading={products.isFetchingNextPage}
                onLoadMore={() => void products.fetchNextPage()}
                moreHref={morePagesHref(searchParams, products.data?.pages.length ?? 1)}
              />
            )}
          </Box>
        )}
      </Container>
    </>
  )
}
