import { ActionIcon, TextInput } from '@mantine/core'
import { IconMinus, IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { parseQuantity } from './product'
import classes from './quantity-selector.module.css'

interface QuantitySelectorProps {
  value: number
  onChange: (value: number) => void
  /** The stock: plus stops here. */
  max: number
  isDisabled?: boolean
}

/** Minus, a number field and plus. The field keeps what is typed until it loses focus; the value is always valid. */
export function QuantitySelector({ value, onChange, max, isDisabled }: QuantitySelectorProps) {
  // Only while the visitor is typing: an empty or invalid text is shown as typed, the value already fell back to 1.
  const [draft, setDraft] = useState<string | null>(null)
  const canDecrease = !isDisabled && value > 1
  const canIncrease = !isDisabled && value < max

  return (
    <TextInput
      label="Quantity"
      className={classes.root}
      classNames={{ input: classes.input, label: classes.label }}
      inputMode="numeric"
      autoComplete="off"
      value={draft ?? String(value)}
      disabled={isDisabled}
      onChange={(event) => {
        setDraft(event.currentTarget.value)
        onChange(parseQuantity(event.currentTarget.value, max))
      }}
      onBlur={() => setDraft(null)}
      leftSectionPointerEvents="all"
      rightSectionPointerEvents="all"
      leftSection={
        <ActionIcon
          variant="subtle"
          color="ink.8"
          className={classes.step}
          aria-label="Decrease"
          disabled={!canDecrease}
          onClick={() => {
            setDraft(null)
            onChange(value - 1)
          }}
        >
          <IconMinus size={16} stroke={1.5} />
        </ActionIcon>
      }
      rightSection={
        <ActionIcon
          variant="subtle"
          color="ink.8"
          className={classes.step}
          aria-label="Increase"
          disabled={!canIncrease}
          onClick={() => {
            setDraft(null)
            onChange(value + 1)
          }}
        >
          <IconPlus size={16} stroke={1.5} />
        </ActionIcon>
      }
    />
  )
}
