import { Badge, Button, Card, Group, Stack, Table, Text, Textarea, Timeline, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type OrderMail, type OrderTimelineEntry, ZAddOrderNoteInput } from '@shop/schema/orders'
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconMail,
  IconNote,
  IconShoppingBag,
  IconTruckDelivery,
} from '@tabler/icons-react'
import { LoadErrorView } from '../../components/admin/load-error-view'
import { formatDateTime } from '../../lib/format'
import { describeTimelineEntry, MAIL_KIND_LABELS, mailStatusLabel } from './mail-words'
import { useAddOrderNote, useOrderActivity, useResendMail } from './use-order-activity'

const MAIL_STATUS_COLORS = { pending: 'yellow', sent: 'green', failed: 'red' } as const

function entryIcon(entry: OrderTimelineEntry) {
  switch (entry.type) {
    case 'placed':
      return <IconShoppingBag size={14} />
    case 'status':
      return <IconArrowsExchange size={14} />
    case 'tracking':
      return <IconTruckDelivery size={14} />
    case 'note':
      return <IconNote size={14} />
    case 'mail':
      return entry.event === 'failed' ? <IconAlertTriangle size={14} /> : <IconMail size={14} />
  }
}

function NoteForm({ orderId }: { orderId: number }) {
  const addNote = useAddOrderNote()
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { id: orderId, text: '' },
    validate: schemaResolver(ZAddOrderNoteInput),
  })
  return (
    <form noValidate onSubmit={form.onSubmit((values) => addNote.mutate(values, { onSuccess: () => form.reset() }))}>
      <Stack gap="xs">
        <Textarea
          label="Internal note"
          description="Only admins see notes; the customer never does."
          autosize
          minRows={2}
          key={form.key('text')}
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={addNote.isPending}>
            Add note
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function MailsTable({ orderId, mails }: { orderId: number; mails: OrderMail[] }) {
  const resend = useResendMail()
  if (mails.length === 0)
    return (
      <Text size="sm" c="ink.6">
        No mails for this order yet.
      </Text>
    )
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table verticalSpacing="xs" fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mail</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {MAIL_KIND_LABELS[mail.kind]}
                </Text>
                <Text size="xs" c="ink.6">
                  {mail.sentAt ? `Sent ${formatDateTime(mail.sentAt)}` : `Queued ${formatDateTime(mail.createdAt)}`}
                  {mail.attempts > 1 ? ` · ${mail.attempts} attempts` : ''}
                </Text>
                {mail.lastError && mail.status !== 'sent' && (
                  <Text size="xs" c="red.8">
                    {mail.lastError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{mail.to}</Table.Td>
              <Table.Td>
                <Badge color={MAIL_STATUS_COLORS[mail.status]} variant="light">
                  {mailStatusLabel(mail)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="default"
                  aria-label={`Resend ${MAIL_KIND_LABELS[mail.kind].toLowerCase()} to ${mail.to}`}
                  loading={resend.isPending && resend.variables?.mailId === mail.id}
                  onClick={() => resend.mutate({ id: orderId, mailId: mail.id })}
                >
                  Resend
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** What happened to the order (status changes, tracking, notes, mails) and its mails, with a note form. */
export function OrderActivityCard({ orderId }: { orderId: number }) {
  const { data: activity, isError, refetch, isRefetching } = useOrderActivity(orderId)
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="xl" mb="md">
        Activity
      </Title>
      {isError ? (
        <LoadErrorView
          message="The activity could not be loaded."
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
        />
      ) : !activity ? (
        <Text size="sm" c="ink.6">
          Loading activity…
        </Text>
      ) : (
        <Stack gap="lg">
          <Timeline bulletSize={24} lineWidth={2} color="gold" aria-label="Order timeline">
            {activity.timeline.map((entry) => (
              <Timeline.Item
                key={`${entry.at}|${describeTimelineEntry(entry)}`}
                bullet={entryIcon(entry)}
                color={entry.type === 'mail' && entry.event === 'failed' ? 'red' : 'gold'}
                title={<Text size="sm">{describeTimelineEntry(entry)}</Text>}
              >
                {entry.type === 'note' && (
                  <Text size="sm" mt={4} p="xs" bg="gold.0" style={{ whiteSpace: 'pre-line', borderRadius: 4 }}>
                    {entry.text}
                  </Text>
                )}
                <Text size="xs" c="ink.6" mt={2}>
                  {formatDateTime(entry.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          <NoteForm orderId={orderId} />
          <Stack gap="xs">
            <Title order={3} fz="md">
              Mails
            </Title>
            <MailsTable orderId={orderId} mails={activity.mails} />
          </Stack>
        </Stack>
      )}
    </Card>
  )
}
