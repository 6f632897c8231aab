import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Radio.css'
import { Button, Divider, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core'
import { cartCharges, chargeRows, FREE_SHIPPING_TEXT, quoteCharges } from '@shop/schema/charges'
import { centsToMoney, moneyToCents } from '@shop/schema/common'
import type { Quote } from '@shop/schema/money'
import { useState } from 'react'
import { OrderLineDetails } from '../../components/order-line-details'
import { ResponsiveImage } from '../../components/responsive-image'
import { formatMoneyIn } from '../../lib/format'
import { type CartLine, cartTotal, lineKey } from '../cart/cart'
import classes from './order-summary.module.css'

interface OrderSummaryProps {
  items: CartLine[]
  itemCount: number
  total: number
  /** The server's price for what the buyer has typed (POST /api/orders/quote); undefined until it answers. */
  quote?: Quote | undefined
  /** Why the server cannot price it (an address no zone covers). */
  quoteError?: string | undefined
  shippingMethodId?: number | undefined
  onShippingMethodChange?: (id: number) => void
  /** The code the buyer applied ("" for none). */
  discountCode?: string
  onDiscountCodeChange?: (code: string) => void
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" className={classes.row} wrap="nowrap">
      <Text size="sm" c="ink.8">
        {label}
      </Text>
      <Text size="sm" c="ink.9" fw={strong ? 600 : undefined} className={classes.figure}>
        {value}
      </Text>
    </Group>
  )
}

/** The code field: applied with its button (or Enter); the server's answer shows under it at once. */
function DiscountField({
  applied,
  message,
  isApplied,
  onApply,
}: {
  applied: string
  message: string | null | undefined
  isApplied: boolean
  onApply: (code: string) => void
}) {
  const [code, setCode] = useState(applied)
  return (
    <Stack gap={4} mt="md">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Discount code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault()
              onApply(code.trim())
            }
          }}
          style={{ flex: 1 }}
        />
        <Button variant="outline" onClick={() => onApply(code.trim())}>
          Apply
        </Button>
      </Group>
      {applied && message ? (
        <Text size="sm" c={isApplied ? 'teal.8' : 'red.8'} role="status">
          {message}
        </Text>
      ) : null}
    </Stack>
  )
}

/**
 * The cart as the checkout shows it: each line, then the server's breakdown for the address typed so far
 * (subtotal, discount, shipping by the chosen method, tax, total); until the server answers, the lines' sum.
 */
export function OrderSummary({
  items,
  itemCount,
  total,
  quote,
  quoteError,
  shippingMethodId,
  onShippingMethodChange,
  discountCode = '',
  onDiscountCodeChange,
}: OrderSummaryProps) {
  const currency = quote?.currency ?? 'USD'
  const money = (value: string | number) => formatMoneyIn(value, currency)
  // Until the server answers, the lines' sum with shipping free and no tax, as the spec's checkout shows it.
  const charges = chargeRows(quote ? quoteCharges(quote) : cartCharges(centsToMoney(moneyToCents(total))), {
    audience: 'buyer',
    currency,
    itemCount,
  })
  const totalRow = charges.find((row) => row.kind === 'total')
  return (
    <section className={classes.summary} aria-labelledby="order-summary-title">
      <Title order={2} id="order-summary-title" className={classes.heading}>
        Order Summary
      </Title>
      <ul className={classes.lines}>
        {items.map((line) => (
          <li key={lineKey(line)} className={classes.line}>
            <div className={classes.thumb}>
              <ResponsiveImage
                src={line.imageUrl}
                sizes="64px"
                alt=""
                width={64}
                height={64}
                className={classes.thumbImage}
              />
              <span className={classes.badge} aria-hidden>
                {line.quantity}
              </span>
            </div>
            <div className={classes.lineBody}>
              <Text className={classes.name}>{line.name}</Text>
              <OrderLineDetails line={line} />
              <Text size="xs" c="ink.7">
                Qty: {line.quantity} × {money(line.price)}
              </Text>
            </div>
            <Text className={classes.amount}>{money(cartTotal([line]))}</Text>
          </li>
        ))}
      </ul>
      {quote && quote.shippingMethods.length > 0 ? (
        <Radio.Group
          mt="md"
          label="Shipping method"
          value={String(shippingMethodId ?? quote.shippingMethod?.id ?? '')}
          onChange={(value) => onShippingMethodChange?.(Number(value))}
        >
          <Stack gap={6} mt={6}>
            {quote.shippingMethods.map((method) => (
              <Radio
                key={method.id}
                value={String(method.id)}
                label={`${method.name}: ${Number(method.cost) === 0 ? FREE_SHIPPING_TEXT : money(method.cost)}${method.estimate ? ` (${method.estimate})` : ''}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {onDiscountCodeChange ? (
        <DiscountField
          applied={discountCode}
          message={quote?.discountMessage}
          isApplied={quote?.discountApplied ?? false}
          onApply={onDiscountCodeChange}
        />
      ) : null}
      <Divider color="gold.1" my="md" />
      {charges.map((row) =>
        row.kind === 'total' ? null : (
          <Row
            key={row.kind}
            label={row.label}
            value={row.amount}
            strong={row.kind === 'shipping' && row.amount === FREE_SHIPPING_TEXT}
          />
        ),
      )}
      {quoteError ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" mt="xs">
          {quoteError}
        </Text>
      ) : null}
      <Divider color="gold.1" my="md" />
      <Group justify="space-between" align="baseline">
        <Text className={classes.totalLabel}>{totalRow?.label}</Text>
        <Text className={classes.total}>{totalRow?.amount}</Text>
      </Group>
    </section>
  )
}
