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
import { ImageManager } from './image-manager'
import type { ProductFormValues } from './product-values'

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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="xl" mb="md">
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Card>
  )
}

export function ProductForm({ initialValues, categories, submitLabel, isSubmitting, onSubmit }: ProductFormProps) {
  const form = useForm<ProductFormValues, ProductValues>({
    initialValues,
    validate: schemaResolver(ZProductInput),
    // Runs only after validation passed, so parsing cannot fail: the API gets numbers, trimmed texts and an id.
    transformValues: (values) => ZProductInput.parse(values),
  })

  const categoryOptions = (categories ?? []).map((category) => ({
    value: String(category.id),
    label: category.active ? category.name : `${category.name} (inactive)`,
  }))

  const onGenerateSku = () => {
    const category = categories?.find((c) => String(c.id) === form.values.categoryId)
    form.setFieldValue('sku', generateSku(category?.name))
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
                <NumberInput
                  label="Price"
                  withAsterisk
                  prefix="$"
                  step={0.01}
                  min={0}
                  decimalScale={2}
                  fixedDecimalScale
                  thousandSeparator=","
                  placeholder="$0.00"
                  {...form.getInputProps('price')}
                />
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
                onChange={(imageUrls) => form.setFieldValue('imageUrls', imageUrls)}
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
                description="Or generate one from the category"
                inputContainer={(input) => (
                  <Group gap="xs" wrap="nowrap" align="flex-start">
                    <div style={{ flex: 1 }}>{input}</div>
                    <Button variant="default" leftSection={<IconWand size={16} />} onClick={onGenerateSku}>
                      Generate
                    </Button>
                  </Group>
                )}
                {...form.getInputProps('sku')}
              />
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
