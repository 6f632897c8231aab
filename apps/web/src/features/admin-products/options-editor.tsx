import { ActionIcon, Button, Fieldset, Group, Stack, TagsInput, Text, TextInput } from '@mantine/core'
import type { UseFormReturnType } from '@mantine/form'
import { MAX_OPTION_VALUES, MAX_OPTIONS, type ProductValues } from '@shop/schema/products'
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react'
import { newKey, type OptionFormValues, type ProductFormValues } from './product-values'
import { moveOptionValue, renameOptionValue, withOptions } from './variant-values'

type ProductForm = UseFormReturnType<ProductFormValues, ProductValues>

function optionTitle(option: OptionFormValues, index: number): string {
  return option.name.trim() || `Option ${index + 1}`
}

interface OptionFieldsProps {
  form: ProductForm
  option: OptionFormValues
  index: number
}

function OptionFields({ form, option, index }: OptionFieldsProps) {
  const title = optionTitle(option, index)
  const setOptions = (change: (options: OptionFormValues[]) => OptionFormValues[]) => {
    const values = form.getValues()
    form.setValues(withOptions(values, change(values.options)))
    form.clearFieldError(`options.${index}.values`)
  }

  return (
    <Fieldset legend={`Option ${index + 1}`} radius="md" p="md">
      <Stack gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            label="Option name"
            placeholder="e.g. Size or Metal"
            withAsterisk
            style={{ flex: 1 }}
            {...form.getInputProps(`options.${index}.name`)}
          />
          <ActionIcon
            variant="subtle"
            color="red.8"
            size="lg"
            mt={26}
            aria-label={`Remove option ${title}`}
            onClick={() => setOptions((options) => options.filter((_, i) => i !== index))}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        <TagsInput
          label="Values"
          description="Type a value and press Enter; a comma also separates values."
          placeholder={option.values.length === 0 ? 'e.g. 6, 7, 8' : undefined}
          withAsterisk
          value={option.values}
          maxTags={MAX_OPTION_VALUES}
          splitChars={[',']}
          clearable={false}
          error={form.errors[`options.${index}.values`]}
          onChange={(next) =>
            setOptions((options) =>
              options.map((o, i) => (i === index ? { ...o, values: next.map((value) => value.trim()) } : o)),
            )
          }
        />
        {option.values.length > 0 && (
          <Stack gap={6} component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Values of ${title}`}>
            {option.values.map((value, valueIndex) => (
              // Values are distinct within an option (the schema says so); the index keeps a row while renamed.
              // biome-ignore lint/suspicious/noArrayIndexKey: a renamed value is the same row
              <Group key={valueIndex} component="li" gap={4} wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={`${title} value ${valueIndex + 1}`}
                  size="xs"
                  style={{ flex: 1 }}
                  value={value}
                  error={form.errors[`options.${index}.values.${valueIndex}`]}
                  onChange={(event) => {
                    form.setValues(renameOptionValue(form.getValues(), index, valueIndex, event.currentTarget.value))
                    form.clearFieldError(`options.${index}.values.${valueIndex}`)
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="dark"
                  size="md"
                  disabled={valueIndex === 0}
                  aria-label={`Move ${title} value ${value} up`}
                  onClick={() => form.setValues(moveOptionValue(form.getValues(), index, valueIndex, valueIndex - 1))}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="dark"
                  size="md"
                  disabled={valueIndex === option.values.length - 1}
                  aria-label={`Move ${title} value ${value} down`}
                  onClick={() => form.setValues(moveOptionValue(form.getValues(), index, valueIndex, valueIndex + 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Fieldset>
  )
}

/** Up to three options (name and values); each combination of their values is a variant. */
export function OptionsEditor({ form }: { form: ProductForm }) {
  const { options } = form.values
  const addOption = () => {
    const values = form.getValues()
    form.setValues(withOptions(values, [...values.options, { key: newKey(), name: '', values: [] }]))
  }

  return (
    <Stack gap="md">
      {options.length === 0 ? (
        <Text size="sm" c="ink.7">
          Sold in one form. Add an option such as Size or Metal to sell each combination with its own SKU, price and
          stock.
        </Text>
      ) : (
        options.map((option, index) => <OptionFields key={option.key} form={form} option={option} index={index} />)
      )}
      {form.errors.options && (
        <Text size="sm" c="red.8">
          {form.errors.options}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={addOption}
          disabled={options.length >= MAX_OPTIONS}
        >
          Add option
        </Button>
        {options.length >= MAX_OPTIONS && (
          <Text size="sm" c="ink.7">
            A product can have at most {MAX_OPTIONS} options.
          </Text>
        )}
      </Group>
    </Stack>
  )
}
