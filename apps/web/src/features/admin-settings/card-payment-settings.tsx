import { Badge, Button, Code, CopyButton, Group, Select, Stack, Text } from '@mantine/core'
import {
  CARD_KEYS_MISSING_MESSAGE,
  type CardSettings,
  MAX_UNPAID_CANCEL_MINUTES,
  MIN_UNPAID_CANCEL_MINUTES,
} from '@shop/schema/payments'
import { formatDateTime } from '../../lib/format'

// The choices of "Cancel unpaid card orders after", in minutes: Stripe keeps a Checkout Session open 30 min to 24 h.
const CANCEL_AFTER_CHOICES = [30, 60, 120, 180, 360, 720, MAX_UNPAID_CANCEL_MINUTES]

/** "30 minutes", "1 hour", "2 hours 30 minutes". */
export function durationLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const parts = [
    hours > 0 ? `${hours} ${hours === 1 ? 'hour' : 'hours'}` : '',
    rest > 0 ? `${rest} ${rest === 1 ? 'minute' : 'minutes'}` : '',
  ]
  return parts.filter(Boolean).join(' ')
}

/** The select's choices, with a time set otherwise (through the API) kept as a choice of its own. */
export function cancelAfterChoices(current: number | undefined) {
  const minutes = new Set(CANCEL_AFTER_CHOICES)
  if (current !== undefined && current >= MIN_UNPAID_CANCEL_MINUTES && current <= MAX_UNPAID_CANCEL_MINUTES) {
    minutes.add(current)
  }
  return [...minutes].sort((a, b) => a - b).map((value) => ({ value: String(value), label: durationLabel(value) }))
}

interface CardPaymentSettingsProps {
  card: CardSettings
  cancelAfter: number | undefined
  onCancelAfterChange: (minutes: number) => void
  cancelAfterError: string | undefined
}

/**
 * What card payments through Stripe need and how they stand: without the server's keys, which ones to set; with
 * them, the mode the keys are for, the webhook address to register in Stripe's Dashboard, whether a signed event
 * has come, and how long an unpaid card order is kept before it is cancelled.
 */
export function CardPaymentSettings({
  card,
  cancelAfter,
  onCancelAfterChange,
  cancelAfterError,
}: CardPaymentSettingsProps) {
  if (!card.available) {
    return (
      <Text size="sm" c="ink.7" data-testid="card-keys-missing">
        {CARD_KEYS_MISSING_MESSAGE}. Set both and restart the server to offer card payments through Stripe's hosted
        checkout.
      </Text>
    )
  }
  return (
    <Stack gap="xs" data-testid="card-settings">
      <Group gap="xs">
        {/* As the status badges: a coloured dot with the label in the text colour (light badges fall below 4.5:1). */}
        <Badge variant="dot" color={card.mode === 'live' ? 'green.7' : 'orange.7'} c="ink.9" radius="sm" tt="none">
          {card.mode === 'live' ? 'Live mode' : 'Test mode'}
        </Badge>
        <Text size="xs" c="ink.7">
          {card.mode === 'live' ? 'Buyers are charged.' : 'Only test cards work; nobody is charged.'}
        </Text>
      </Group>
      <div>
        <Text size="sm" fw={500}>
          Webhook URL
        </Text>
        <Text size="xs" c="ink.7" mb={4}>
          Register it in Stripe's Dashboard (Developers, Webhooks) with its signing secret as STRIPE_WEBHOOK_SECRET.
        </Text>
        <Group gap="xs" align="center">
          <Code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{card.webhookUrl}</Code>
          <CopyButton value={card.webhookUrl}>
            {({ copied, copy }) => (
              <Button size="compact-xs" variant="default" onClick={copy} aria-label="Copy the webhook URL">
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </div>
      <Text size="sm" c={card.lastEventAt ? 'ink.8' : 'orange.9'}>
        {card.lastEventAt
          ? `Last signed event: ${formatDateTime(card.lastEventAt)}`
          : 'No signed event has arrived yet'}
      </Text>
      <Select
        label="Cancel unpaid card orders after"
        description="A card order not paid by then is cancelled, and its pieces go back into stock."
        data={cancelAfterChoices(cancelAfter)}
        value={cancelAfter === undefined ? null : String(cancelAfter)}
        onChange={(value) => value && onCancelAfterChange(Number(value))}
        allowDeselect={false}
        error={cancelAfterError}
        maw={320}
      />
    </Stack>
  )
}
