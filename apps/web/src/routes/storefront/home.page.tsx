import { Button, Center, Container, Loader, Text, TextInput, VisuallyHidden } from '@mantine/core'
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

      <section aria-labelledby="collection-title" className={classes.section}>
        <Container>
          <SectionHeading eyebrow="Collections" titleId="collection-title" title="Our Collection">
            Every piece is shaped, set and polished by hand in our small studio.
          </SectionHeading>
          {categories.isError ? (
            <p className={`${classes.text} ${classes.notice}`}>
              Our collections can't be shown right now. Please try again later.
            </p>
          ) : (
            <div className={classes.categories}>
              {categories.isPending
                ? Array.from({ length: CATEGORY_SKELETON_COUNT }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                    <div key={i} className={classes.category}>
                      <CategoryCardSkeleton />
                    </div>
                  ))
                : categories.data.map((category) => (
                    <div key={category.id} className={classes.category}>
                      <CategoryCard category={category} />
                    </div>
                  ))}
            </div>
          )}
        </Container>
      </section>

      <section aria-labelledby="bestsellers-title" className={`${classes.section} ${classes.bestsellers}`}>
        <Container>
          <div className={classes.divider} />
          <div className={classes.bestsellersHeading}>
            <div className={classes.headingStack}>
              <p className={classes.eyebrow}>Most loved</p>
              <h2 id="bestsellers-title" className={classes.title}>
                Bestselling Pieces
              </h2>
            </div>
            <Link to="/products" className={classes.viewAll}>
              View All <IconArrowRight size={16} stroke={1.5} aria-hidden />
            </Link>
          </div>
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
      </section>

      <TestimonialsSection testimonials={testimonials.isError ? undefined : testimonials.data} />

      <section aria-labelledby="newsletter-title" className={classes.section}>
        <Container size="md">
          <NewsletterPanel />
        </Container>
      </section>
    </>
  )
}

function Hero({ product }: { product: Product | undefined }) {
  return (
    <section aria-labelledby="hero-title" className={classes.hero}>
      <Container className={classes.heroInner}>
        <div className={classes.heroText}>
          <p className={classes.eyebrow}>Handcrafted · Faith-inspired</p>
          <h1 id="hero-title" className={classes.heroTitle}>
            Jewelry that carries <em>your faith</em>
          </h1>
          <div className={classes.rule} />
          <p className={`${classes.text} ${classes.heroCopy}`}>
            Crosses, lockets, rings and rosaries, made by hand in small batches: quiet reminders of what matters, worn
            close to the heart.
          </p>
          <div className={classes.heroActions}>
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
          </div>
        </div>

        <div className={classes.heroVisual}>
          <div className={classes.arch}>
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
          </div>
          {product && (
            <Link to={`/product/${product.id}`} className={classes.caption}>
              {product.name}
            </Link>
          )}
        </div>
      </Container>
    </section>
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
    <div className={classes.sectionHeading}>
      <p className={classes.eyebrow}>{eyebrow}</p>
      <h2 id={titleId} className={classes.title}>
        {title}
      </h2>
      <p className={`${classes.text} ${classes.sectionIntro}`}>{children}</p>
    </div>
  )
}

function NewsletterPanel() {
  return (
    <div className={classes.newsletter}>
      <div className={classes.newsletterHeading}>
        <p className={classes.eyebrow}>Newsletter</p>
        <h2 id="newsletter-title" className={classes.title}>
          Stay Updated
        </h2>
        <p className={`${classes.text} ${classes.sectionIntro}`}>
          New pieces, care notes and the occasional verse: a few letters a year, never more.
        </p>
      </div>
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
    </div>
  )
}
