import { Anchor, Button, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core'
import { NOTIFIED_STATUSES, type Order, type OrderStatus, ZTrackingNumber, ZTrackingUrl } from '@shop/schema/orders'
import { useState } from 'react'
import { isOrderStatus, STATUS_OPTIONS } from './order-filters'
import { OrderStatusBadge } from './order-status-badge'
import { useUpdateOrderStatus } from './use-admin-orders'

type StatusOrder = Pick<Order, 'id' | 'orderNumber' | 'status' | 'trackingNumber' | 'trackingUrl'>

const errorOf = (schema: typeof ZTrackingNumber | typeof ZTrackingUrl, value: string) => {
  const result = schema.safeParse(value)
  return result.success ? undefined : result.error.issues[0]?.message
}

/**
 * The order's status and a dropdown to change it; Update is enabled only for a different status (spec point 4),
 * or for a new tracking number or link. "Notify customer" (on by default) mails the buyer when the order becomes
 * processing, completed or cancelled, or gets tracking while it is.
 */
export function OrderStatusControl({ order }: { order: StatusOrder }) {
  const [chosen, setChosen] = useState<OrderStatus>(order.status)
  const [notify, setNotify] = useState(true)
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? '')
  const [trackingUrl, setTrackingUrl] = useState(order.trackingUrl ?? '')
  const updateStatus = useUpdateOrderStatus()
  const trackingChanged =
    trackingNumber.trim() !== (order.trackingNumber ?? '') || trackingUrl.trim() !== (order.trackingUrl ?? '')
  const isChanged = chosen !== order.status || trackingChanged
  const numberError = errorOf(ZTrackingNumber, trackingNumber)
  const urlError = errorOf(ZTrackingUrl, trackingUrl)
  const mailsCustomer = NOTIFIED_STATUSES.includes(chosen)

  return (
    <Stack gap="xs" align="stretch">
      <Group gap="xs">
        <OrderStatusBadge status={order.status} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label={`New status of order ${order.orderNumber}`}
          data={STATUS_OPTIONS}
          value={chosen}
          onChange={(value) => {
            if (isOrderStatus(value)) setChosen(value)
          }}
          allowDeselect={false}
          size="xs"
          w={140}
        />
        <Button
          size="xs"
          disabled={!isChanged || Boolean(numberError || urlError)}
          loading={updateStatus.isPending}
          onClick={() =>
            updateStatus.mutate({
              id: order.id,
              status: chosen,
              notifyCustomer: notify,
              trackingNumber: trackingNumber.trim(),
              trackingUrl: trackingUrl.trim(),
            })
          }
        >
          Update
        </Button>
      </Group>
      <TextInput
        size="xs"
        label="Tracking number"
        value={trackingNumber}
        onChange={(event) => setTrackingNumber(event.currentTarget.value)}
        error={numberError}
      />
      <TextInput
        size="xs"
        label="Tracking link"
        placeholder="https://"
        value={trackingUrl}
        onChange={(event) => setTrackingUrl(event.currentTarget.value)}
        error={urlError}
      />
      {order.trackingUrl && /^https?:\/\//i.test(order.trackingUrl) && (
        <Anchor href={order.trackingUrl} target="_blank" rel="noopener noreferrer" size="xs" c="gold.8">
          Open the carrier's tracking page
        </Anchor>
      )}
      <Switch
        size="sm"
        label="Notify customer"
        checked={notify}
        onChange={(event) => setNotify(event.currentTarget.checked)}
      />
      <Text size="xs" c="ink.6">
        {mailsCustomer
          ? notify
            ? 'The customer gets an e-mail about this change.'
            : 'No e-mail will be sent.'
          : 'Customers are not e-mailed when an order goes back to pending.'}
      </Text>
    </Stack>
  )
}
