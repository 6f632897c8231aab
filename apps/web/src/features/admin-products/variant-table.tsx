import { ActionIcon, Button, Group, NumberInput, Select, Stack, Switch, Table, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { variantLabel } from '@shop/schema/display'
import type { ProductValues } from '@shop/schema/products'
import { IconWand } from '@tabler/icons-react'
import { useState } from 'react'
import { useCurrencySymbol } from '../shop/use-format-money'
import { DEFAULT_LEAD_TIME, MONEY_INPUT, type ProductFormValues, type VariantFormValues } from './product-values'
import { variantSku, withAllVariants, withVariant } from './variant-values'

type ProductForm = UseFormReturnType<ProductFormValues, ProductValues>

const NUMBER_CELL = { miw: 110 } as const

// "3 to 5 days": the two inputs of a made-to-order variant's lead time.
const LEAD_DAY_FIELDS = [
  { key: 'minDays', word: 'Shortest', after: 'to' },
  { key: 'maxDays', word: 'Longest', after: 'days' },
] as const

function BulkSetter({
  label,
  buttonLabel,
  isPrice,
  onSet,
}: {
  label: string
  buttonLabel: string
  isPrice?: boolean
  onSet: (value: number) => void
}) {
  const [value, setValue] = useState<number | string>('')
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <NumberInput
        aria-label={label}
        placeholder={isPrice ? '$0.00' : '0'}
        w={120}
        min={0}
        value={value}
        onChange={setValue}
        allowNegative={false}
        {...(isPrice
          ? { prefix: '$', decimalScale: 2, fixedDecimalScale: true, step: 0.01, thousandSeparator: ',' }
          : { allowDecimal: false })}
      />
      <Button variant="default" disabled={value === ''} onClick={() => onSet(Number(value))}>
        {buttonLabel}
      </Button>
    </Group>
  )
}

interface VariantRowProps {
  form: ProductForm
  variant: VariantFormValues
  index: number
  label: string
}

function VariantRow({ form, variant, index, label }: VariantRowProps) {
  const path = `variants.${index}`
  const currencySymbol = useCurrencySymbol()
  const { imageUrls } = form.values
  const change = (field: keyof VariantFormValues, value: VariantFormValues[typeof field]) => {
    form.setValues(withVariant(form.getValues(), index, { [field]: value }))
    form.clearFieldError(`${path}.${field}`)
  }
  const changeLeadTime = (field: 'minDays' | 'maxDays', value: number | string) => {
    const leadTime = form.getValues().variants[index]?.leadTime ?? DEFAULT_LEAD_TIME
    change('leadTime', { ...leadTime, [field]: value })
    form.clearFieldError(`${path}.leadTime.${field}`)
  }
  const imageOptions = imageUrls.map((url, i) => ({ value: url, label: `Image ${i + 1}` }))

  return (
    <Table.Tr>
      <Table.Th scope="row" fw={600} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {label}
        {form.errors[`${path}.options`] && (
          <Text size="xs" c="red.8" fw={400}>
            {form.errors[`${path}.options`]}
          </Text>
        )}
      </Table.Th>
      <Table.Td miw={200}>
        <TextInput
          aria-label={`SKU of ${label}`}
          size="xs"
          rightSectionWidth={30}
          rightSection={
            <ActionIcon
              variant="subtle"
              color="dark"
              size="sm"
              aria-label={`Generate SKU for ${label}`}
              onClick={() => change('sku', variantSku(form.getValues().sku, variant.options))}
            >
              <IconWand size={14} />
            </ActionIcon>
          }
          {...form.getInputProps(`${path}.sku`)}
        />
      </Table.Td>
      <Table.Td {...NUMBER_CELL}>
        <NumberInput
          aria-label={`Price of ${label}`}
          size="xs"
          {...MONEY_INPUT}
          prefix={currencySymbol}
          hideControls
          value={variant.price}
          error={form.errors[`${path}.price`]}
          onChange={(value) => change('price', value)}
        />
      </Table.Td>
      <Table.Td {...NUMBER_CELL}>
        <NumberInput
          aria-label={`Stock of ${label}`}
          size="xs"
          min={0}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          value={variant.stock}
          error={form.errors[`${path}.stock`]}
          onChange={(value) => change('stock', value)}
        />
      </Table.Td>
      <Table.Td {...NUMBER_CELL}>
        <NumberInput
          aria-label={`Minimum stock of ${label}`}
          size="xs"
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          {...form.getInputProps(`${path}.minStock`)}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`Active: ${label}`}
          checked={variant.active}
          onChange={(event) => change('active', event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td miw={190}>
        <Stack gap={6}>
          <Switch
            aria-label={`Made to order: ${label}`}
            checked={variant.leadTime !== null}
            onChange={(event) => change('leadTime', event.currentTarget.checked ? { ...DEFAULT_LEAD_TIME } : null)}
          />
          {variant.leadTime && (
            <Group gap={4} wrap="nowrap" align="flex-start">
              {LEAD_DAY_FIELDS.map(({ key, word, after }) => (
                <Group key={key} gap={4} wrap="nowrap" align="flex-start">
                  <NumberInput
                    aria-label={`${word} lead time of ${label} (business days)`}
                    size="xs"
                    w={64}
                    min={1}
                    allowDecimal={false}
                    allowNegative={false}
                    hideControls
                    value={variant.leadTime?.[key]}
                    error={form.errors[`${path}.leadTime.${key}`]}
                    onChange={(value) => changeLeadTime(key, value)}
                  />
                  <Text size="xs" mt={6}>
                    {after}
                  </Text>
                </Group>
              ))}
            </Group>
          )}
        </Stack>
      </Table.Td>
      <Table.Td miw={150}>
        <Select
          aria-label={`Image of ${label}`}
          size="xs"
          placeholder="Product images"
          data={imageOptions}
          value={variant.imageUrl}
          clearable
          disabled={imageOptions.length === 0}
          error={form.errors[`${path}.imageUrl`]}
          onChange={(value) => change('imageUrl', value)}
        />
      </Table.Td>
    </Table.Tr>
  )
}

/** Every combination of the options' values, each with its own SKU, price, stock, availability and image. */
export function VariantTable({ form }: { form: ProductForm }) {
  const { variants, variantKeys, options } = form.values
  const names = variantKeys.map((key) => options.find((option) => option.key === key)?.name.trim() ?? '')
  const setAll = (change: Partial<VariantFormValues>) => {
    form.setValues(withAllVariants(form.getValues(), change))
    for (const field of Object.keys(change)) {
      variants.forEach((_, i) => {
        form.clearFieldError(`variants.${i}.${field}`)
      })
    }
  }

  return (
    <Stack gap="sm">
      <Group gap="lg" wrap="wrap">
        <BulkSetter
          label="Price for all variants"
          buttonLabel="Set price for all"
          isPrice
          onSet={(price) => setAll({ price })}
        />
        <BulkSetter
          label="Stock for all variants"
          buttonLabel="Set stock for all"
          onSet={(stock) => setAll({ stock })}
        />
      </Group>
      {form.errors.variants && (
        <Text size="sm" c="red.8">
          {form.errors.variants}
        </Text>
      )}
      <Table.ScrollContainer minWidth={1080}>
        <Table verticalSpacing="xs" horizontalSpacing="xs" aria-label="Variants">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Variant</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Price</Table.Th>
              <Table.Th>Stock</Table.Th>
              <Table.Th>Min stock</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th>Made to order</Table.Th>
              <Table.Th>Image</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {variants.map((variant, index) => (
              <VariantRow
                // Rows follow the combinations' order and their inputs are controlled: the position is the row.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                form={form}
                variant={variant}
                index={index}
                label={variantLabel(names, variant.options)}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  )
}
