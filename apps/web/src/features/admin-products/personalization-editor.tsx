import { Button, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { MAX_PERSONALIZATION_FIELDS, MAX_PERSONALIZATION_LENGTH, type ProductValues } from '@shop/schema/products'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { useCurrencySymbol } from '../shop/use-format-money'
import { MONEY_INPUT, newKey, type PersonalizationFormValues, type ProductFormValues } from './product-values'

type ProductForm = UseFormReturnType<ProductFormValues, ProductValues>

/** A new field: an optional engraving of up to 20 characters, free of charge. */
function newField(): PersonalizationFormValues {
  return { key: newKey(), label: '', maxLength: 20, required: false, surcharge: '', allowedCharacters: '' }
}

/** Up to three texts the buyer types for the piece, such as an engraving. */
export function PersonalizationEditor({ form }: { form: ProductForm }) {
  const currencySymbol = useCurrencySymbol()
  const fields = form.values.personalization

  return (
    <Stack gap="md">
      {fields.length === 0 && (
        <Text size="sm" c="ink.7">
          No personalisation. Add a field to let buyers type a text for their piece, such as an engraving.
        </Text>
      )}
      {fields.map((field, index) => {
        const path = `personalization.${index}`
        const title = field.label.trim() || `field ${index + 1}`
        return (
          <Fieldset key={field.key} legend={`Personalisation field ${index + 1}`} radius="md" p="md">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label="Label"
                  placeholder="e.g. Engraving"
                  withAsterisk
                  {...form.getInputProps(`${path}.label`)}
                />
                <NumberInput
                  label="Maximum length"
                  description="In characters"
                  withAsterisk
                  min={1}
                  max={MAX_PERSONALIZATION_LENGTH}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps(`${path}.maxLength`)}
                />
                <NumberInput
                  label="Surcharge"
                  description="Added to the price when filled in"
                  {...MONEY_INPUT}
                  prefix={currencySymbol}
                  placeholder="None"
                  {...form.getInputProps(`${path}.surcharge`)}
                />
              </SimpleGrid>
              <TextInput
                label="Allowed characters"
                description="The only characters the maker can engrave; leave empty to allow any."
                placeholder="Any character"
                {...form.getInputProps(`${path}.allowedCharacters`)}
              />
              <Group justify="space-between" align="center">
                <Switch label="Required" {...form.getInputProps(`${path}.required`, { type: 'checkbox' })} />
                <Button
                  variant="subtle"
                  color="red.8"
                  leftSection={<IconTrash size={16} />}
                  aria-label={`Remove personalisation ${title}`}
                  onClick={() => form.removeListItem('personalization', index)}
                >
                  Remove
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        )
      })}
      {form.errors.personalization && (
        <Text size="sm" c="red.8">
          {form.errors.personalization}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={fields.length >= MAX_PERSONALIZATION_FIELDS}
          onClick={() => form.insertListItem('personalization', newField())}
        >
          Add personalisation field
        </Button>
      </Group>
    </Stack>
  )
}
