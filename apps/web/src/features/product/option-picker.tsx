import { Chip, Text, VisuallyHidden } from '@mantine/core'
import { useId } from 'react'
import classes from './option-picker.module.css'

interface OptionPickerProps {
  /** The option's name ("Size"): the group's accessible name. */
  name: string
  values: readonly string[]
  value: string | null
  /** Whether a value leads, with the other options' choices, to a variant that can be bought. */
  isAvailable: (value: string) => boolean
  onChange: (value: string) => void
}

/**
 * One option of a product as a row of radio chips. A value that cannot be bought with the other choices is struck
 * through and described as unavailable, yet may still be chosen: the visitor may be about to change another option.
 */
export function OptionPicker({ name, values, value, isAvailable, onChange }: OptionPickerProps) {
  const nameId = useId()
  const unavailableId = useId()
  return (
    <div className={classes.option}>
      <Text component="div" className={classes.heading}>
        <span id={nameId} className={classes.name}>
          {name}
        </span>
        {value !== null && <span className={classes.chosen}>{value}</span>}
      </Text>
      <div role="radiogroup" aria-labelledby={nameId} className={classes.values}>
        <Chip.Group value={value} onChange={onChange}>
          {values.map((option) => {
            const isUnavailable = !isAvailable(option)
            return (
              <Chip
                key={option}
                value={option}
                name={nameId}
                size="md"
                radius="xs"
                icon={null}
                mod={{ unavailable: isUnavailable }}
                classNames={{ root: classes.chip, label: classes.label }}
                aria-describedby={isUnavailable ? unavailableId : undefined}
              >
                {option}
              </Chip>
            )
          })}
        </Chip.Group>
      </div>
      <VisuallyHidden id={unavailableId}>Unavailable</VisuallyHidden>
    </div>
  )
}
