import { Anchor, Box, Breadcrumbs, Button, Container, Stack, Text, Title } from '@mantine/core'
import type { Category } from '@shop/schema/categories'
import { IconDiamond } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { LoadMore } from '../../features/catalog/load-more'
import { ProductGrid } from '../../features/catalog/product-grid'
import { loadedProducts, morePagesHref, useCategory, useCategoryProducts } from '../../features/catalog/use-catalog'
import { categoryHead } from '../../features/seo/page-heads'
import { usePageHead, usePublicUrl } from '../../features/seo/use-page-head'

// 8 placeholders while the products load (the first page, and the next one after Load more).
const PRODUCT_SKELETON_COUNT = 8
const EYEBROW = { fz: 11, fw: 600, tt: 'uppercase', lts: '0.22em', c: 'gold.7' } as const
const HEADER_BACKGROUND = 'linear-gradient(180deg, #f8f2e7 0%, #fdfbf7 100%)'

export function CategoryPage() {
  const { slug = '' } = useParams()
  const [searchParams] = useSearchParams()
  const category = useCategory(slug)
  const products = useCategoryProducts(slug)
  const items = loadedProducts(products.data?.pages)
  const total = products.data?.pages[0]?.total ?? 0
  const publicUrl = usePublicUrl()
  usePageHead(
    category.data
      ? categoryHead(category.data, publicUrl)
      : { title: category.isNotFound ? 'Category Not Found' : undefined, notFound: category.isNotFound },
  )

  if (category.isNotFound) {
    return (
      <Message title="Category Not Found" hasIcon>
        The category you're looking for doesn't exist or has been removed.
      </Message>
    )
  }
  if (category.isError) {
    return (
      <Message title="Something went wrong" action={<Button onClick={() => void category.refetch()}>Try again</Button>}>
        We couldn't load this collection just now. Please try again.
      </Message>
    )
  }

  return (
    <>
      <CategoryHeader category={category.data} />
      <Container pt={{ base: 40, sm: 56 }} pb={{ base: 72, sm: 104 }}>
        {products.isError ? (
          <Stack align="center" gap="md" ta="center" py={48}>
            <Text c="ink.7">We couldn't load the pieces of this collection just now.</Text>
            <Button variant="outline" onClick={() => void products.refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <>
            <ProductGrid
              products={items}
              isLoading={products.isPending}
              skeletonCount={PRODUCT_SKELETON_COUNT}
              isAtTop
              empty={<EmptyCategory />}
              pendingCount={products.isFetchingNextPage ? PRODUCT_SKELETON_COUNT : 0}
            />
            {items && (
              <LoadMore
                shown={items.length}
                total={total}
                isLoading={products.isFetchingNextPage}
                onLoadMore={() => void products.fetchNextPage()}
                moreHref={morePagesHref(searchParams, products.data?.pages.length ?? 1)}
              />
            )}
          </>
        )}
      </Container>
    </>
  )
}

function CategoryHeader({ category }: { category: Category | undefined }) {
  return (
    <Box
      component="header"
      style={{ background: HEADER_BACKGROUND, borderBottom: '1px solid var(--mantine-color-gold-1)' }}
    >
      <Container pt="lg" pb={{ base: 40, sm: 64 }}>
        <nav aria-label="Breadcrumb">
          <Breadcrumbs
            separator="/"
            separatorMargin={10}
            fz={13}
            styles={{ separator: { color: 'var(--mantine-color-gold-4)' } }}
          >
            <Anchor component={Link} to="/" fz={13} c="ink.7">
              Home
            </Anchor>
            <Text span fz={13} c="ink.9" aria-current="page">
              {category?.name ?? '\u00a0'}
            </Text>
          </Breadcrumbs>
        </nav>
        <Stack align="center" ta="center" gap={12} mt={{ base: 32, sm: 40 }} aria-busy={!category}>
          <Text {...EYEBROW}>The Collection</Text>
          {category ? (
            <>
              <Title order={1} fz={{ base: '2.5rem', sm: '3.25rem' }} lh={1.1}>
                {category.name}
              </Title>
              <Box w={48} h={1} bg="gold.4" my={4} />
              {category.description && (
                <Text maw={560} c="ink.7" lh={1.7}>
                  {category.description}
                </Text>
              )}
            </>
          ) : (
            <>
              <Box w={220} h={44} bg="gold.0" style={{ borderRadius: 2 }} />
              <Box w={48} h={1} bg="gold.1" my={4} />
              <Box w={{ base: '80%', sm: 480 }} h={14} bg="gold.0" style={{ borderRadius: 2 }} />
              <Box w={{ base: '60%', sm: 360 }} h={14} bg="gold.0" style={{ borderRadius: 2 }} />
            </>
          )}
        </Stack>
      </Container>
    </Box>
  )
}

function EmptyCategory() {
  return (
    <Stack align="center" gap="sm" ta="center" py={48} maw={520} mx="auto">
      <IconDiamond size={36} stroke={1} color="var(--mantine-color-gold-7)" aria-hidden />
      <Title order={2} fz="1.75rem">
        No products found in this category
      </Title>
      <Text c="ink.7">Check back soon or explore other categories.</Text>
      <Button component={Link} to="/" mt="md" size="md">
        Back to Home
      </Button>
    </Stack>
  )
}

interface MessageProps {
  title: string
  children: ReactNode
  hasIcon?: boolean
  action?: ReactNode
}

/** A full-page message: the not-found and error views. */
function Message({ title, children, hasIcon, action }: MessageProps) {
  return (
    <Container size="sm" py={{ base: 72, sm: 104 }}>
      <Stack align="center" gap="md" ta="center" maw={520} mx="auto">
        {hasIcon && <IconDiamond size={40} stroke={1} color="var(--mantine-color-gold-7)" aria-hidden />}
        <Title order={1}>{title}</Title>
        <Text c="ink.7">{children}</Text>
        {action ?? (
          <Button component={Link} to="/" mt="md" size="md">
            Back to Home
          </Button>
        )}
      </Stack>
    </Container>
  )
}
