import { Container } from '@mantine/core'
import { IconBrandFacebook, IconBrandInstagram, IconBrandPinterest, IconMail, IconPhone } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { useShopInfo } from '../../features/shop/use-shop'
import classes from './site-footer.module.css'

// The spec's footer links are static placeholders, but for Order Tracking, which opens the order look-up form.
const LINK_TARGETS: Record<string, string> = { 'Order Tracking': '/order-tracking' }

const COLUMNS = [
  { title: 'Shop', links: ['About Us', 'Our Collections', 'Care Guide', 'FAQs'] },
  { title: 'Help', links: ['Contact Us', 'Shipping & Returns', 'Warranty Information', 'Order Tracking'] },
  { title: 'Legal', links: ['Privacy Policy', 'Terms & Conditions'] },
]

const SOCIAL = [
  { label: 'Instagram', icon: IconBrandInstagram },
  { label: 'Facebook', icon: IconBrandFacebook },
  { label: 'Pinterest', icon: IconBrandPinterest },
]

export function SiteFooter() {
  const { data: shop } = useShopInfo()
  const year = new Date().getFullYear()
  return (
    <footer className={classes.footer}>
      <Container className={classes.inner}>
        <div className={classes.columns}>
          <div className={classes.about}>
            <h2 className={classes.brand}>{shop?.name ?? '\u00a0'}</h2>
            <p className={`${classes.text} ${classes.muted}`}>
              Handcrafted jewelry that carries your faith, made by hand in small batches.
            </p>
            <div className={classes.social}>
              {SOCIAL.map(({ label, icon: Icon }) => (
                // biome-ignore lint/a11y/useValidAnchor: the spec's social links are placeholders, as its footer links
                <a key={label} href="#" aria-label={label} className={classes.socialLink}>
                  <Icon size={20} stroke={1.5} />
                </a>
              ))}
            </div>
          </div>
          {COLUMNS.map((column) => (
            <div key={column.title} className={classes.column}>
              <p className={classes.heading}>{column.title}</p>
              {column.links.map((label) => {
                const to = LINK_TARGETS[label]
                return to ? (
                  <Link key={label} to={to} className={classes.link}>
                    {label}
                  </Link>
                ) : (
                  // biome-ignore lint/a11y/useValidAnchor: the spec's footer links are placeholders (LINK_TARGETS)
                  <a key={label} href="#" className={classes.link}>
                    {label}
                  </a>
                )
              })}
            </div>
          ))}
        </div>

        <div className={classes.bottom}>
          <div className={classes.contact}>
            {shop && (
              <div className={classes.contactLinks}>
                <a href={`tel:${shop.phone.replace(/[^+\d]/g, '')}`} className={classes.link}>
                  <IconPhone size={16} stroke={1.5} aria-hidden /> {shop.phone}
                </a>
                <a href={`mailto:${shop.email}`} className={classes.link}>
                  <IconMail size={16} stroke={1.5} aria-hidden /> {shop.email}
                </a>
              </div>
            )}
            {/* The year is the server's: a page rendered or kept on 31 December, or in another time zone, must not
                make hydration fail on New Year's Day (React then renders the whole page again). */}
            <p className={`${classes.small} ${classes.muted}`} suppressHydrationWarning>
              © {year} {shop?.name}. All rights reserved.
            </p>
          </div>
          <p className={`${classes.text} ${classes.quote}`}>
            “Faith is the substance of things hoped for, the evidence of things not seen.” (Hebrews 11:1)
          </p>
        </div>
      </Container>
    </footer>
  )
}
