// Display helpers without zod, so screens that only show data do not download the validation library.

/** Avatar fallback: the first two letters of the name, uppercased. */
export function testimonialInitials(name: string): string {
  return name.trim().slice(0, 2).toUpperCase()
}

/** How long a made-to-order piece takes to make, in business days. */
export interface LeadTime {
  minDays: number
  maxDays: number
}

/** "10-15 business days", "10 business days", "1 business day". */
export function formatLeadTime({ minDays, maxDays }: LeadTime): string {
  if (minDays === maxDays) return `${minDays} business ${minDays === 1 ? 'day' : 'days'}`
  return `${minDays}-${maxDays} business days`
}

/** The line every screen, the invoice and the mails show for a made-to-order piece. */
export function madeToOrderNote(leadTime: LeadTime): string {
  return `Made to order: ships in ${formatLeadTime(leadTime)}`
}

// A value with no letter in it ("7", "18\"", "16 in") means nothing alone: "Size 7" does, "Sterling silver" does.
const HAS_LETTER = /\p{L}/u

/**
 * A variant's name for buyers, from its option values in the product's option order: "Size 7 / Sterling silver".
 * A value without a letter is named by its option; the others speak for themselves.
 */
export function variantLabel(optionNames: readonly string[], values: readonly string[]): string {
  return values
    .map((value, i) => {
      const name = optionNames[i]
      return name && !HAS_LETTER.test(value) ? `${name} ${value}` : value
    })
    .join(' / ')
}

/** A personalisation as an order line shows it: "Engraving: Jn 3:16". */
export function personalizationLine(entry: { label: string; value: string }): string {
  return `${entry.label}: ${entry.value}`
}

/**
 * A link the shop may put in an href: an http(s) address with a host, as typed. Anything else (javascript:, data:,
 * a bare word, a relative path) is shown as text, never as a link: a tracking link is typed by an admin but opened
 * by buyers, and an older row or another client may hold what today's validation would refuse. The one rule for
 * the tracking link's validation, the mails and the web pages.
 */
export function webLinkOf(url: string | null | undefined): string | undefined {
  const trimmed = url?.trim()
  if (!trimmed || /\s/.test(trimmed)) return undefined
  try {
    const { protocol, hostname } = new URL(trimmed)
    return (protocol === 'http:' || protocol === 'https:') && hostname ? trimmed : undefined
  } catch {
    return undefined
  }
}

/** The orders a storefront list can be shown in (`?sort=`); ZProductSort in products.ts validates against it. */
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'name'] as const

/** The longest search text a product list takes: the storefront's search box stops there too. */
export const MAX_SEARCH_TEXT_LENGTH = 100
