import * as moneyRepo from '@shop/db/money'
import * as productsRepo from '@shop/db/products'
import { centsToMoney } from '@shop/schema/common'
import type { Quote } from '@shop/schema/money'
import type { ZQuoteInput } from '@shop/schema/orders'
import type { z } from 'zod'
import type { AppDeps } from '../../deps'
import { tryDiscountCode } from '../money/discount-code-limit'
import { toMethod } from '../money/money.service'
import { decide } from './order-writer'

type QuoteValues = z.output<typeof ZQuoteInput>

/**
 * POST /api/orders/quote: what the order would cost now, by the same decision order creation makes (decide in
 * order-writer.ts, which calls the one totals function), without writing anything. A code that does not apply is
 * an answer (discountMessage), so the checkout can say why at once. A quote that names a code is a guess at it,
 * limited per client (discount-code-limit.ts).
 */
export async function quote(
  deps: Pick<AppDeps, 'db' | 'moneyRules' | 'rateLimits'>,
  input: QuoteValues,
  client: string,
): Promise<Quote> {
  const code = input.discountCode
  if (!code) return (await priceQuote(deps, input)).quote
  return tryDiscountCode(deps.rateLimits, client, code, async (countUnknown) => {
    const priced = await priceQuote(deps, input)
    if (priced.isCodeUnknown) await countUnknown()
    return priced.quote
  })
}

/** The quote, and whether its code is one the shop does not have (which its discountMessage tells the client). */
async function priceQuote(
  deps: Pick<AppDeps, 'db' | 'moneyRules'>,
  input: QuoteValues,
): Promise<{ quote: Quote; isCodeUnknown: boolean }> {
  const { db } = deps
  const rules = await deps.moneyRules.get(db)
  const products = await productsRepo.findOrderable(db, [...new Set(input.items.map((item) => item.productId))])
  const code = input.discountCode
  const discounts = await moneyRepo.findDiscountsByCode(db, code ? [code] : [])
  const discount = code ? discounts.get(code) : undefined
  const email = input.customerEmail?.toLowerCase()
  const emailUses =
    discount?.oncePerEmail && email
      ? await moneyRepo.findEmailUses(db, [{ codeId: discount.id, email }])
      : new Set<string>()
  const { outcomes } = decide(
    [
      {
        customerName: 'Quote',
        customerEmail: email ?? '',
        customerAddress: '',
        notes: null,
        items: input.items,
        country: input.country,
        region: input.region,
        shippingMethodId: input.shippingMethodId,
        discountCode: code,
      },
    ],
    products,
    ['QUOTE'],
    { rules: [rules], discounts, emailUses, now: new Date().toISOString(), isQuote: true },
  )
  const [outcome] = outcomes
  if (!outcome) throw new Error('a quote gave no outcome')
  if ('error' in outcome) throw outcome.error
  const { priced } = outcome
  const quote: Quote = {
    currency: rules.settings.currency,
    subtotal: centsToMoney(priced.subtotalCents),
    discount: centsToMoney(priced.discountCents),
    discountCode: priced.discountCode,
    discountMessage: priced.discountMessage,
    discountApplied: priced.discountApplied,
    shipping: centsToMoney(priced.shippingCents),
    shippingMethod: priced.method ? toMethod(priced.method) : null,
    shippingMethods: priced.methodCosts.map((method) => ({
      ...toMethod(method),
      cost: centsToMoney(method.costCents),
    })),
    tax: centsToMoney(priced.taxCents),
    taxIncluded: priced.taxIncluded,
    taxName: priced.taxRate?.name ?? null,
    total: centsToMoney(priced.totalCents),
    country: priced.country,
    region: priced.region,
  }
  return { quote, isCodeUnknown: code !== undefined && discount === undefined }
}
