import { Card, Divider, Skeleton, Stack, Title } from '@mantine/core'
import { LoadErrorView } from '../../components/admin/load-error-view'
import { OrderMails } from './order-mails'
import { OrderNoteForm } from './order-note-form'
import { OrderTimeline } from './order-timeline'
import { useAddOrderNote, useOrderActivity, useResendMail } from './use-order-activity'

/** What happened to the order (status changes, tracking, internal notes, mails), its mails, and a note form. */
export function OrderActivityCard({ orderId }: { orderId: number }) {
  const { data: activity, isError, refetch, isRefetching } = useOrderActivity(orderId)
  const addNote = useAddOrderNote()
  const resend = useResendMail()
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
        <Stack gap="sm" aria-busy="true" aria-label="Loading the activity">
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} height={32} />
          ))}
        </Stack>
      ) : (
        <Stack gap="lg">
          <OrderTimeline timeline={activity.timeline} />
          <OrderNoteForm orderId={orderId} isPending={addNote.isPending} onSubmit={addNote.mutateAsync} />
          <Divider />
          <Stack gap="xs">
            <Title order={3} fz="md">
              E-mails
            </Title>
            <OrderMails
              mails={activity.mails}
              resendingId={resend.isPending ? Number(resend.variables?.mailId) : undefined}
              onResend={(mail) => resend.mutate({ id: orderId, mailId: mail.id })}
            />
          </Stack>
        </Stack>
      )}
    </Card>
  )
}
