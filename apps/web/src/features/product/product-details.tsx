import { ActionIcon, Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core'
import { madeToOrderNote } from '@shop/schema/display'
import type { Product, Variant } from '@shop/schema/products'
import { isPersonalizationGiven, personalizationError } from '@shop/schema/text'
import { IconHammer, IconHeart, IconShoppingBag } from '@tabler/icons-react'
import { useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { NeedsJavaScript } from '../../components/needs-javascript'
import type { CartLinePersonalization } from '../cart/cart'
import { useFormatMoney } from '../shop/use-format-money'
import { OptionPicker } from './option-picker'
import { PersonalizationFields } from './personalization-fields'
import {
  isInStock,
  orderableQuantity,
  type PersonalizationValues,
  toLinePersonalization,
  unitPriceCents,
} from './product'
import { ProductAssurances } from './product-assurances'
import classes from './product-details.module.css'
import { ProductRating } from './product-rating'
import { QuantitySelector } from './quantity-selector'
import {
  type Choice,
  candidateVariants,
  isPurchasable,
  isValueAvailable,
  missingOption,
  priceCents,
  priceRange,
} from './variant-choice'

export interface AddToCartChoice {
  variant: Variant
  unitCents: number
  personalization: CartLinePersonalization[]
  quantity: number
}

interface ProductDetailsProps {
  product: Product
  choice: Choice
  /** The variant of the complete choice (a product without options: its one variant). */
  variant: Variant | undefined
  onChoose: (optionIndex: number, value: string) => void
  onAddToCart: (choice: AddToCartChoice) => void
  /** The free-shipping threshold to promise ("$500"); none, no promise. */
  freeShippingOver?: string | undefined
}

/**
 * Everything beside the gallery: name, price, description, facts, the options and personalisation to choose,
 * quantity and Add to Cart. Price, SKU and stock follow the chosen variant.
 */
export function ProductDetails({
  product,
  choice,
  variant,
  onChoose,
  onAddToCart,
  freeShippingOver,
}: ProductDetailsProps) {
  const formatMoney = useFormatMoney()
  const [quantity, setQuantity] = useState(1)
  const [values, setValues] = useState<PersonalizationValues>({})
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set())
  const [hasTriedToAdd, setHasTriedToAdd] = useState(false)
  const fieldsRef = useRef<HTMLDivElement>(null)
  const helperId = useId()
  const fields = product.personalization
  const isGiven = isPersonalizationGiven

  const candidates = candidateVariants(product, choice)
  const isSoldOut = !product.variants.some(isPurchasable)
  const toChoose = missingOption(product, choice)
  const canBuy = variant !== undefined && isPurchasable(variant)
  const inStock = variant ? isInStock(variant) : candidates.some(isInStock)
  const maxQuantity = variant && canBuy ? orderableQuantity(variant) : 1
  const shownQuantity = Math.min(quantity, Math.max(maxQuantity, 1))

  // The price of the chosen variant, or "From" the lowest of those still possible; plus each surcharge filled in.
  const range = priceRange(variant ? [variant] : candidates)
  const baseCents = range?.min ?? priceCents(product.price)
  const priceCentsShown = unitPriceCents({ price: (baseCents / 100).toFixed(2) }, fields, values, isGiven)
  const isFromPrice = range !== null && range.min !== range.max

  const errors: Record<number, string | null> = {}
  for (const field of fields) {
    const value = values[field.id]
    const isShown = hasTriedToAdd || touched.has(field.id) || isGiven(value)
    errors[field.id] = isShown ? personalizationError(field, value) : null
  }

  const buttonLabel =
    isSoldOut || (variant && !canBuy) ? 'Out of Stock' : !variant && !toChoose ? 'Unavailable' : 'Add to Cart'
  const helper = isSoldOut
    ? undefined
    : toChoose
      ? `Please choose a ${toChoose}`
      : !variant
        ? 'This combination is not available. Please choose another.'
        : undefined
  const isAddDisabled = !canBuy

  function addToCart() {
    if (!variant) return
    const firstInvalid = fields.find((field) => personalizationError(field, values[field.id]) !== null)
    if (firstInvalid) {
      setHasTriedToAdd(true)
      fieldsRef.current?.querySelector<HTMLInputElement>(`[data-field-id="${firstInvalid.id}"]`)?.focus()
      return
    }
    onAddToCart({
      variant,
      unitCents: priceCentsShown,
      personalization: toLinePersonalization(fields, values, isGiven),
      quantity: shownQuantity,
    })
  }

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {product.categoryName && <Text className={classes.eyebrow}>{product.categoryName}</Text>}
        <Title order={1} className={classes.name}>
          {product.name}
        </Title>
        <ProductRating />
      </Stack>

      <Text className={classes.price}>
        {isFromPrice && <span className={classes.from}>From </span>}
        <span>{formatMoney(priceCentsShown / 100)}</span>
      </Text>

      <Text className={classes.description}>{product.description}</Text>

      <dl className={classes.facts}>
        <div className={classes.fact}>
          <dt>SKU</dt>
          <dd>{variant?.sku ?? product.sku}</dd>
        </div>
        <div className={classes.fact}>
          <dt>Category</dt>
          <dd>
            {product.categorySlug && product.categoryName ? (
              <Anchor component={Link} to={`/category/${product.categorySlug}`} className={classes.factLink}>
                {product.categoryName}
              </Anchor>
            ) : (
              (product.categoryName ?? 'Uncategorized')
            )}
          </dd>
        </div>
        <div className={classes.fact}>
          <dt>In stock</dt>
          <dd
            data-in-stock={inStock || undefined}
            data-made-to-order={variant?.leadTime ? true : undefined}
            className={classes.stock}
          >
            {inStock ? 'Yes' : 'No'}
          </dd>
        </div>
      </dl>

      <Divider color="gold.1" />

      {product.options.length > 0 && (
        <Stack gap="md">
          {product.options.map((option, index) => (
            <OptionPicker
              key={option.name}
              name={option.name}
              values={option.values}
              value={choice[index] ?? null}
              isAvailable={(value) => isValueAvailable(product, choice, index, value)}
              onChange={(value) => onChoose(index, value)}
            />
          ))}
        </Stack>
      )}

      {fields.length > 0 && (
        <div ref={fieldsRef}>
          <PersonalizationFields
            fields={fields}
            values={values}
            errors={errors}
            onChange={(fieldId, value) => setValues((current) => ({ ...current, [fieldId]: value }))}
            onBlur={(fieldId) => setTouched((current) => new Set(current).add(fieldId))}
          />
        </div>
      )}

      {variant?.leadTime && (
        <Group gap="xs" wrap="nowrap" className={classes.madeToOrder}>
          <IconHammer size={18} stroke={1.5} aria-hidden />
          <Text size="sm">{madeToOrderNote(variant.leadTime)}</Text>
        </Group>
      )}

      <Stack gap={6}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <QuantitySelector value={shownQuantity} onChange={setQuantity} max={maxQuantity} isDisabled={!canBuy} />
          <Group gap="sm" wrap="nowrap" className={classes.actions}>
            <Button
              size="lg"
              h={48}
              className={classes.addButton}
              leftSection={<IconShoppingBag size={18} stroke={1.5} />}
              disabled={isAddDisabled}
              aria-describedby={helper ? helperId : undefined}
              onClick={addToCart}
            >
              {buttonLabel}
            </Button>
            <ActionIcon variant="default" size={48} aria-label="Add to wishlist" className={classes.wishlist}>
              <IconHeart size={20} stroke={1.5} />
            </ActionIcon>
          </Group>
        </Group>
        {helper && (
          <Text id={helperId} size="sm" className={classes.helper}>
            {helper}
          </Text>
        )}
        <NeedsJavaScript>The cart and checkout need JavaScript: please turn it on to buy this piece.</NeedsJavaScript>
      </Stack>

      <ProductAssurances freeShippingOver={freeShippingOver} />
    </Stack>
  )
}
