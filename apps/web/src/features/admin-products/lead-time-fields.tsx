import { NumberInput, SimpleGrid, Switch } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import type { ProductValues } from '@shop/schema/products'
import { DEFAULT_LEAD_TIME, type ProductFormValues } from './product-values'

type ProductForm = UseFormReturnType<ProductFormValues, ProductValues>

/** Made to order, for a product without options: made after it is ordered, in so many business days. */
export function LeadTimeFields({ form }: { form: ProductForm }) {
  const { leadTime } = form.values
  return (
    <>
      <Switch
        label="Made to order"
        description="Can be ordered without stock; made and shipped within the lead time"
        checked={leadTime !== null}
        onChange={(event) =>
          form.setFieldValue('leadTime', event.currentTarget.checked ? { ...DEFAULT_LEAD_TIME } : null)
        }
      />
      {leadTime && (
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label="Ships in at least"
            description="Business days"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('leadTime.minDays')}
          />
          <NumberInput
            label="Ships in at most"
            description="Business days"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('leadTime.maxDays')}
          />
        </SimpleGrid>
      )}
    </>
  )
}
