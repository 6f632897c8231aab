import {
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { Category } from '@shop/schema/categories'
import { generateSku, type ProductValues, ZProductInput } from '@shop/schema/products'
import { IconWand } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { useCurrencySymbol, useFormatMoney } from '../shop/use-format-money'
import { ImageManager } from './image-manager'
import { LeadTimeFields } from './lead-time-fields'
import { OptionsEditor } from './options-editor'
import { PersonalizationEditor } from './personalization-editor'
import { MONEY_INPUT, type ProductFormValues, toProductInput, variantTotals } from './product-values'
import { VariantTable } from './variant-table'
import { canListVariants, withImages, withProductSku } from './variant-values'

export interface ProductFormProps {
  initialValues: ProductFormValues
  categories: Category[] | undefined
  submitLabel: string
  isSubmitting: boolean
  onSubmit: (values: ProductValues) => void
}

/** The first error of an item of a list field (e.g. 'imageUrls.2'), shown under the list as a whole. */
function firstItemError(errors: Record<string, ReactNode>, field: string): ReactNode {
  return Object.entries(errors).find(([path]) => path.startsWith(`${field}.`))?.[1]
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="xl" mb={description ? 4 : 'md'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="ink.7" mb="md">
          {description}
        </Text>
      )}
      <Stack gap="md">{children}</Stack>
    </Card>
  )
}

/** A value the variants decide, in place of its input: the product's price or stock. */
function DerivedValue({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="sm" mt={4}>
        {value}
      </Text>
      <Text size="xs" c="ink.7">
        {note}
      </Text>
    </div>
  )
}

const resolveProduct = schemaResolver(ZProductInput)

export function ProductForm({ initialValues, categories, submitLabel, isSubmitting, onSubmit }: ProductFormProps) {
  const formatMoney = useFormatMoney()
  const currencySymbol = useCurrencySymbol()
  const form = useForm<ProductFormValues, ProductValues>({
    initialValues,
    // The schema's paths are the form's (variants.2.sku), so each message shows under its own input.
    validate: (values) => resolveProduct(toProductInput(values)),
    // Runs only after validation passed, so parsing cannot fail: the API gets numbers, trimmed texts and an id.
    transformValues: (values) => ZProductInput.parse(toProductInput(values)),
  })
  const hasOptions = form.values.options.length > 0
  const totals = hasOptions ? variantTotals(form.values.variants) : null

  const categoryOptions = (categories ?? []).map((category) => ({
    value: String(category.id),
    label: category.active ? category.name : `${category.name} (inactive)`,
  }))

  const onGenerateSku = () => {
    const category = categories?.find((c) => String(c.id) === form.values.categoryId)
    form.setValues(withProductSku(form.getValues(), generateSku(category?.name)))
    form.clearFieldError('sku')
  }

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Section title="Details">
              <TextInput label="Name" withAsterisk {...form.getInputProps('name')} />
              <Textarea
                label="Description"
                withAsterisk
                autosize
                minRows={4}
                maxRows={12}
                {...form.getInputProps('description')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {hasOptions ? (
                  <DerivedValue
                    label="Price"
                    value={totals ? `From ${formatMoney(totals.price)}` : 'Set per variant'}
                    note="The lowest price of the active variants"
                  />
                ) : (
                  <NumberInput
                    label="Price"
                    withAsterisk
                    {...MONEY_INPUT}
                    prefix={currencySymbol}
                    placeholder={`${currencySymbol}0.00`}
                    {...form.getInputProps('price')}
                  />
                )}
                <Select
                  label="Category"
                  withAsterisk
                  placeholder={categories ? 'Select a category' : 'Loading categories...'}
                  data={categoryOptions}
                  searchable
                  nothingFoundMessage="No category matches"
                  allowDeselect={false}
                  {...form.getInputProps('categoryId')}
                />
              </SimpleGrid>
            </Section>
            <Section title="Images">
              <ImageManager
                imageUrls={form.values.imageUrls}
                onChange={(imageUrls) => form.setValues(withImages(form.getValues(), imageUrls))}
                onAppend={(added) => form.setFieldValue('imageUrls', (current) => [...current, ...added])}
                error={form.errors.imageUrls ?? firstItemError(form.errors, 'imageUrls')}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="lg">
            <Section title="Inventory">
              <TextInput
                label="SKU"
                withAsterisk
                description={
                  hasOptions
                    ? 'The product’s own; each variant has one too. Or generate one from the category'
                    : 'Or generate one from the category'
                }
                inputContainer={(input) => (
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <div style={{ flex: 1 }}>{input}</div>
                    <Button variant="default" leftSection={<IconWand size={16} />} onClick={onGenerateSku}>
                      Generate
                    </Button>
                  </Group>
                )}
                {...form.getInputProps('sku')}
                onChange={(event) => {
                  form.setValues(withProductSku(form.getValues(), event.currentTarget.value))
                  form.clearFieldError('sku')
                }}
              />
              {hasOptions ? (
                <DerivedValue
                  label="Stock"
                  value={totals ? `${totals.stock} in all` : 'Set per variant'}
                  note="The sum of the active variants; each has its own minimum stock and lead time"
                />
              ) : (
                <>
                  <SimpleGrid cols={{ base: 1, xs: 2, lg: 1 }} spacing="md">
                    <NumberInput
                      label="Stock"
                      withAsterisk
                      description="Units on hand"
                      min={0}
                      allowDecimal={false}
                      allowNegative={false}
                      {...form.getInputProps('stock')}
                    />
                    <NumberInput
                      label="Minimum stock"
                      withAsterisk
                      description="Shown as low in stock at or below this"
                      min={1}
                      allowDecimal={false}
                      allowNegative={false}
                      {...form.getInputProps('minStock')}
                    />
                  </SimpleGrid>
                  <LeadTimeFields form={form} />
                </>
              )}
            </Section>
            <Section title="Visibility">
              <Switch
                label="Active"
                description="Shown in the storefront"
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
              <Switch
                label="Featured"
                description="Listed among the bestselling pieces on the home page"
                {...form.getInputProps('featured', { type: 'checkbox' })}
              />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={12}>
          <Stack gap="lg">
            <Section
              title="Options"
              description="Sizes, metals or lengths a buyer chooses from. Each combination is a variant with its own SKU, price and stock."
            >
              <OptionsEditor form={form} />
              {hasOptions &&
                (canListVariants(form.values.options) ? (
                  <VariantTable form={form} />
                ) : (
                  <Text size="sm" c="ink.7">
                    Add a value to each option to list its variants.
                  </Text>
                ))}
            </Section>
            <Section
              title="Personalisation"
              description="Texts the buyer types for the piece, kept on the order exactly as typed."
            >
              <PersonalizationEditor form={form} />
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={12}>
          {/* Left-aligned: the toasts appear bottom right and would cover the submit button there. */}
          <Group gap="sm">
            <Button type="submit" loading={isSubmitting}>
              {submitLabel}
            </Button>
            <Button component={Link} to="/admin/products" variant="default">
              Cancel
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
    </form>
  )
}
