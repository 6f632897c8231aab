import { Badge, Button, Group, Stack, Text } from '@mantine/core'
import type { OrderMail } from '@shop/schema/orders'
import { IconRefresh } from '@tabler/icons-react'
import { formatDateTime } from '../../lib/format'
import { MAIL_KIND_LABELS, MAIL_STATUS_COLORS, mailStatusLabel } from './order-activity-words'

interface OrderMailsProps {
  mails: OrderMail[]
  /** The mail being queued again, if any. */
  resendingId: number | undefined
  onResend: (mail: OrderMail) => void
}

function mailWhen(mail: OrderMail): string {
  if (mail.sentAt) return `Sent ${formatDateTime(mail.sentAt)}`
  if (mail.status === 'pending' && mail.lastError && mail.nextAttemptAt)
    return `Next attempt ${formatDateTime(mail.nextAttemptAt)}`
  return `Queued ${formatDateTime(mail.createdAt)}`
}

/** Every mail about the order, newest first: what it is, to whom, how it went, and a way to send it again. */
export function OrderMails({ mails, resendingId, onResend }: OrderMailsProps) {
  if (mails.length === 0) {
    return (
      <Text size="sm" c="ink.6">
        No e-mails for this order yet.
      </Text>
    )
  }
  const newestFirst = [...mails].sort((a, b) => b.id - a.id)
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label="E-mails of this order">
      {newestFirst.map((mail) => {
        const kind = MAIL_KIND_LABELS[mail.kind]
        return (
          <Group
            component="li"
            key={mail.id}
            justify="space-between"
            align="flex-start"
            wrap="nowrap"
            gap="sm"
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Group gap={6}>
                <Text size="sm" fw={600}>
                  {kind}
                </Text>
                {/* A coloured dot, the label in the text colour: light yellow and green badges fall below 4.5:1. */}
                <Badge
                  color={`${MAIL_STATUS_COLORS[mail.status]}.7`}
                  variant="dot"
                  radius="sm"
                  size="sm"
                  tt="none"
                  c="ink.9"
                >
                  {mailStatusLabel(mail)}
                </Badge>
              </Group>
              <Text size="xs" c="ink.7" style={{ overflowWrap: 'anywhere' }}>
                To {mail.to}
              </Text>
              {mail.subject && (
                <Text size="xs" c="ink.6" style={{ overflowWrap: 'anywhere' }}>
                  “{mail.subject}”
                </Text>
              )}
              <Text size="xs" c="ink.6">
                {mailWhen(mail)} · {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}
              </Text>
              {mail.lastError && mail.status !== 'sent' && (
                <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                  {mail.lastError}
                </Text>
              )}
            </Stack>
            <Button
              size="compact-xs"
              variant="default"
              leftSection={<IconRefresh size={12} aria-hidden />}
              aria-label={`Resend the ${kind.toLowerCase()} to ${mail.to}`}
              loading={resendingId === mail.id}
              disabled={resendingId !== undefined && resendingId !== mail.id}
              onClick={() => onResend(mail)}
              style={{ flexShrink: 0 }}
            >
              Resend
            </Button>
          </Group>
        )
      })}
    </Stack>
  )
}
