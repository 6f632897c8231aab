import {
  Box,
  Button,
  Center,
  Container,
  Flex,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { IconArrowRight } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { ResponsiveImage } from '../../components/responsive-image'
import { CategoryCard, CategoryCardSkeleton } from '../../features/catalog/category-card'
import { ProductGrid } from '../../features/catalog/product-grid'
import { TestimonialsSection } from '../../features/catalog/testimonials-section'
import { useCategories, useFeaturedProducts, useFeaturedTestimonials } from '../../features/catalog/use-catalog'
import { homeHead } from '../../features/seo/page-heads'
import { usePageHead, usePublicUrl } from '../../features/seo/use-page-head'
import { useShopInfo } from '../../features/shop/use-shop'
import classes from './home.module.css'

const SHOP_COLLECTION_PATH = '/category/necklaces'
// 4 placeholders while the categories load.
const CATEGORY_SKELETON_COUNT = 4
const HERO_IMAGE_SIZE = 800
// The arch (home.module.css): 300 px wide, 400 px from 48em.
export const HERO_IMAGE_SIZES = '(min-width: 48em) 400px, 300px'
const CATEGORY_CARD_WIDTH = {
  base: '100%',
  xs: 'calc((100% - var(--mantine-spacing-lg)) / 2)',
  md: 'calc((100% - 3 * var(--mantine-spacing-lg)) / 4)',
}

export function HomePage() {
  const categories = useCategories()
  const featured = useFeaturedProducts()
  const testimonials = useFeaturedTestimonials()
  const heroProduct = featured.data?.find((p) => p.categorySlug === 'necklaces') ?? featured.data?.[0]
  const { data: shop } = useShopInfo()
  usePageHead(homeHead(shop, heroProduct?.imageUrls[0], HERO_IMAGE_SIZES, usePublicUrl()))

  return (
    <>
      <Hero product={heroProduct} />

      <Box component="section" aria-labelledby="collection-title" className={classes.section}>
        <Container>
          <SectionHeading eyebrow="Collections" titleId="collection-title" title="Our Collection">
            Every piece is shaped, set and polished by hand in our small studio.
          </SectionHeading>
          {categories.isError ? (
            <Text ta="center" c="ink.7">
              Our collections can't be shown right now. Please try again later.
            </Text>
          ) : (
            <Flex wrap="wrap" justify="center" gap="lg" rowGap={40}>
              {categories.isPending
                ? Array.from({ length: CATEGORY_SKELETON_COUNT }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <Box key={i} w={CATEGORY_CARD_WIDTH}>
                      <CategoryCardSkeleton />
                    </Box>
                  ))
                : categories.data.map((category) => (
                    <Box key={category.id} w={CATEGORY_CARD_WIDTH}>
                      <CategoryCard category={category} />
                    </Box>
                  ))}
            </Flex>
          )}
        </Container>
      </Box>

      <Box component="section" aria-labelledby="bestsellers-title" className={classes.section} pt={0}>
        <Container>
          <Box h={1} bg="gold.1" mb={{ base: 72, sm: 104 }} />
          <Group justify="space-between" align="flex-end" mb={{ base: 'xl', sm: 48 }} gap="md">
            <Stack gap={6}>
              <Text className={classes.eyebrow}>Most loved</Text>
              <Title order={2} id="bestsellers-title">
                Bestselling Pieces
              </Title>
            </Stack>
            <Link to="/products" className={classes.viewAll}>
              View All <IconArrowRight size={16} stroke={1.5} aria-hidden />
            </Link>
          </Group>
          {featured.isError && (
            <Text c="ink.7">Our bestselling pieces can't be shown right now. Please try again later.</Text>
          )}
          {featured.isPending && (
            // The home page shows 4 placeholders while loading, and the collection grid has them: this space is
            // only held open (it is below the fold, so nothing visible shifts).
            <Center role="status" mih={360}>
              <Loader color="gold.5" type="dots" />
              <VisuallyHidden>Loading bestselling pieces</VisuallyHidden>
            </Center>
          )}
          {featured.isSuccess && (
            <ProductGrid
              products={featured.data}
              isLoading={false}
              skeletonCount={0}
              empty={<Text c="ink.7">New pieces are on their way. Check back soon.</Text>}
            />
          )}
        </Container>
      </Box>

      <TestimonialsSection testimonials={testimonials.isError ? undefined : testimonials.data} />

      <Box component="section" aria-labelledby="newsletter-title" className={classes.section}>
        <Container size="md">
          <NewsletterPanel />
        </Container>
      </Box>
    </>
  )
}

function Hero({ product }: { product: Product | undefined }) {
  return (
    <Box component="section" aria-labelledby="hero-title" className={classes.hero}>
      <Container className={classes.heroInner}>
        <Stack gap="lg" align="flex-start">
          <Text className={classes.eyebrow}>Handcrafted · Faith-inspired</Text>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            Jewelry that carries <em>your faith</em>
          </Title>
          <Box className={classes.rule} />
          <Text className={classes.heroCopy}>
            Crosses, lockets, rings and rosaries, made by hand in small batches: quiet reminders of what matters, worn
            close to the heart.
          </Text>
          <Group gap="lg" mt="sm">
            <Button
              component={Link}
              to={SHOP_COLLECTION_PATH}
              size="lg"
              px={36}
              fw={600}
              lts="0.08em"
              tt="uppercase"
              fz="sm"
            >
              Shop Collection
            </Button>
            <Link to="/products" className={classes.viewAll}>
              All pieces
            </Link>
          </Group>
        </Stack>

        <Box className={classes.heroVisual}>
          <Box className={classes.arch}>
            {product && (
              <ResponsiveImage
                src={product.imageUrls[0]}
                sizes={HERO_IMAGE_SIZES}
                alt={product.name}
                width={HERO_IMAGE_SIZE}
                height={HERO_IMAGE_SIZE}
                isPriority
                className={classes.archImage}
              />
            )}
          </Box>
          {product && (
            <Link to={`/product/${product.id}`} className={classes.caption}>
              {product.name}
            </Link>
          )}
        </Box>
      </Container>
    </Box>
  )
}

interface SectionHeadingProps {
  eyebrow: string
  title: string
  titleId: string
  children: ReactNode
}

function SectionHeading({ eyebrow, title, titleId, children }: SectionHeadingProps) {
  return (
    <Stack gap={10} align="center" ta="center" mb={{ base: 40, sm: 56 }}>
      <Text className={classes.eyebrow}>{eyebrow}</Text>
      <Title order={2} id={titleId}>
        {title}
      </Title>
      <Text className={classes.sectionIntro}>{children}</Text>
    </Stack>
  )
}

function NewsletterPanel() {
  return (
    <Box className={classes.newsletter}>
      <Stack gap={10} align="center" mb="xl" pos="relative">
        <Text className={classes.eyebrow}>Newsletter</Text>
        <Title order={2} id="newsletter-title">
          Stay Updated
        </Title>
        <Text className={classes.sectionIntro}>
          New pieces, care notes and the occasional verse: a few letters a year, never more.
        </Text>
      </Stack>
      {/* The newsletter form submits nothing; it only keeps the browser from reloading the page. */}
      <form className={classes.newsletterForm} onSubmit={(event) => event.preventDefault()}>
        <TextInput
          type="email"
          name="email"
          aria-label="Email address"
          placeholder="Your email address"
          autoComplete="email"
          size="md"
          className={classes.newsletterInput}
          styles={{ input: { background: '#fff' } }}
        />
        <Button type="submit" size="md" px={32} tt="uppercase" lts="0.08em" fz="sm">
          Subscribe
        </Button>
      </form>
    </Box>
  )
}
