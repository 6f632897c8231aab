import { Stack, TextInput, VisuallyHidden } from '@mantine/core'
import type { PersonalizationField } from '@shop/schema/products'
import { graphemesOf } from '@shop/schema/text'
import { formatMoney } from '../../lib/format'
import { useFormatMoney } from '../shop/use-format-money'
import classes from './personalization-fields.module.css'
import type { PersonalizationValues } from './product'

interface PersonalizationFieldsProps {
  fields: readonly PersonalizationField[]
  values: PersonalizationValues
  /** The message per field id to show under it (null: none yet, or none). */
  errors: Readonly<Record<number, string | null>>
  onChange: (fieldId: number, value: string) => void
  onBlur: (fieldId: number) => void
}

/** The field's label, with what filling it in adds to the price: "Engraving (+$10.00)". */
export function personalizationLabel(
  field: Pick<PersonalizationField, 'label' | 'surcharge'>,
  money: (value: string) => string = formatMoney,
): string {
  return field.surcharge === null ? field.label : `${field.label} (+${money(field.surcharge)})`
}

/** A text field per personalisation of the product, with a live count of characters as a reader counts them. */
export function PersonalizationFields({ fields, values, errors, onChange, onBlur }: PersonalizationFieldsProps) {
  const money = useFormatMoney()
  return (
    <Stack gap="md">
      {fields.map((field) => {
        const value = values[field.id] ?? ''
        // Characters as a reader counts them, as the server does: "José" is 4 however it was typed.
        const count = graphemesOf(value).length
        return (
          <TextInput
            key={field.id}
            data-field-id={field.id}
            label={personalizationLabel(field, money)}
            withAsterisk={field.required}
            required={field.required}
            autoComplete="off"
            spellCheck={false}
            value={value}
            error={errors[field.id] ?? undefined}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            description={
              <span className={classes.hints}>
                {field.allowedCharacters && (
                  <span className={classes.allowed}>Allowed characters: {field.allowedCharacters}</span>
                )}
                <span className={classes.count} data-over={count > field.maxLength || undefined}>
                  <span aria-hidden>
                    {count}/{field.maxLength}
                  </span>
                  <VisuallyHidden>
                    {count} of {field.maxLength} characters
                  </VisuallyHidden>
                </span>
              </span>
            }
            classNames={{
              label: classes.label,
              input: classes.input,
              description: classes.description,
              error: classes.error,
            }}
            onChange={(event) => onChange(field.id, event.currentTarget.value)}
            onBlur={() => onBlur(field.id)}
          />
        )
      })}
    </Stack>
  )
}
