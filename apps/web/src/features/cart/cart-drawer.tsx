import { ActionIcon, Anchor, Button, Group, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconMinus, IconPlus, IconShoppingBag, IconTrash } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { OrderLineDetails } from '../../components/order-line-details'
import { ResponsiveImage } from '../../components/responsive-image'
import { useFormatMoney } from '../shop/use-format-money'
import { type CartLine, CHECKOUT_PATH, cartTotal, lineKey, remainingStock } from './cart'
import classes from './cart-drawer.module.css'
import { useCart } from './cart-store'

/** The cart's lines, the subtotal and the way to checkout: the body of the cart popover (cart-popover.tsx). */
export function CartContents({ onClose }: { onClose: () => void }) {
  const formatMoney = useFormatMoney()
  const { items, total, itemCount, setQuantity, remove, clear } = useCart()
  const isEmpty = items.length === 0

  return (
    <>
      {isEmpty ? (
        <Stack align="center" justify="center" gap="sm" ta="center" className={classes.empty}>
          <div className={classes.emptyIcon}>
            <IconShoppingBag size={28} stroke={1.25} aria-hidden />
          </div>
          <Text className={classes.emptyTitle}>Your cart is empty</Text>
          <Text size="sm" c="ink.7">
            Add items to your cart to see them here
          </Text>
          <Button variant="outline" mt="md" onClick={onClose}>
            Continue Shopping
          </Button>
        </Stack>
      ) : (
        <>
          <Group justify="flex-end" className={classes.toolbar}>
            <UnstyledButton className={classes.clear} onClick={clear}>
              Clear cart
            </UnstyledButton>
          </Group>
          <ul className={classes.lines} aria-label="Cart items">
            {items.map((line) => {
              const key = lineKey(line)
              return (
                <CartDrawerLine
                  key={key}
                  line={line}
                  isAtStock={remainingStock(items, line) <= 0}
                  onClose={onClose}
                  onQuantityChange={(quantity) => setQuantity(key, quantity)}
                  onRemove={() => remove(key)}
                />
              )
            })}
          </ul>
          <div className={classes.footer}>
            <Group justify="space-between">
              <Text size="sm" c="ink.7">
                Items
              </Text>
              <Text size="sm" c="ink.9">
                {itemCount}
              </Text>
            </Group>
            <Group justify="space-between" mt={6}>
              <Text className={classes.subtotalLabel}>Subtotal</Text>
              <Text className={classes.subtotal}>{formatMoney(total)}</Text>
            </Group>
            <Text size="xs" c="ink.7" mt={4}>
              Shipping and tax are shown at checkout, before you place the order.
            </Text>
            <Stack gap="xs" mt="md">
              <Button component={Link} to={CHECKOUT_PATH} size="md" fullWidth onClick={onClose}>
                Checkout
              </Button>
              <Button variant="outline" size="md" fullWidth onClick={onClose}>
                Continue Shopping
              </Button>
            </Stack>
          </div>
        </>
      )}
    </>
  )
}

interface CartDrawerLineProps {
  line: CartLine
  /** The cart holds all of the variant's stock (over all its lines). */
  isAtStock: boolean
  onClose: () => void
  onQuantityChange: (quantity: number) => void
  onRemove: () => void
}

function CartDrawerLine({ line, isAtStock, onClose, onQuantityChange, onRemove }: CartDrawerLineProps) {
  const formatMoney = useFormatMoney()
  const productPath =
    line.variantId === undefined ? `/product/${line.id}` : `/product/${line.id}?variant=${line.variantId}`
  // Two lines of one product differ by variant or engraving: the buttons' names say which line they act on.
  const lineName = [line.name, line.variantLabel, ...(line.personalization ?? []).map((p) => p.value)]
    .filter(Boolean)
    .join(', ')
  return (
    <li className={classes.line}>
      <Link to={productPath} onClick={onClose} className={classes.thumb} tabIndex={-1} aria-hidden>
        <ResponsiveImage
          src={line.imageUrl}
          sizes="80px"
          alt=""
          width={80}
          height={80}
          className={classes.thumbImage}
        />
      </Link>
      <div className={classes.lineBody}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Anchor component={Link} to={productPath} onClick={onClose} className={classes.name}>
            {line.name}
          </Anchor>
          <ActionIcon variant="subtle" color="ink.7" size="sm" aria-label={`Remove ${lineName}`} onClick={onRemove}>
            <IconTrash size={16} stroke={1.5} />
          </ActionIcon>
        </Group>
        <OrderLineDetails line={line} />
        <Text size="xs" c="ink.7">
          {formatMoney(line.price)} each
        </Text>
        <Group justify="space-between" align="center" mt={8} wrap="nowrap">
          <Group gap={0} wrap="nowrap" className={classes.stepper}>
            <ActionIcon
              variant="subtle"
              color="ink.8"
              size={32}
              className={classes.step}
              aria-label={`Decrease quantity of ${lineName}`}
              onClick={() => onQuantityChange(line.quantity - 1)}
            >
              <IconMinus size={14} stroke={1.5} />
            </ActionIcon>
            <Text component="span" className={classes.quantity}>
              {line.quantity}
            </Text>
            <ActionIcon
              variant="subtle"
              color="ink.8"
              size={32}
              className={classes.step}
              aria-label={`Increase quantity of ${lineName}`}
              disabled={isAtStock}
              onClick={() => onQuantityChange(line.quantity + 1)}
            >
              <IconPlus size={14} stroke={1.5} />
            </ActionIcon>
          </Group>
          <Text className={classes.lineTotal}>{formatMoney(cartTotal([line]))}</Text>
        </Group>
      </div>
    </li>
  )
}
