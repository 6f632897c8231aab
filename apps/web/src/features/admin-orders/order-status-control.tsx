import { Button, Group, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { NOTIFIED_STATUSES, type Order, type OrderStatus, ZUpdateOrderStatusInput } from '@shop/schema/orders'
import { useId } from 'react'
import type { z } from 'zod'
import { OrderStatusBadge } from '../../components/order-status-badge'
import { isOrderStatus, STATUS_OPTIONS } from './order-filters'
import { useUpdateOrderStatus } from './use-admin-orders'

type UpdateOrderStatusValues = z.output<typeof ZUpdateOrderStatusInput>

type StatusOrder = Pick<Order, 'id' | 'orderNumber' | 'status' | 'trackingNumber' | 'trackingUrl'>

interface StatusFormValues {
  id: number
  status: OrderStatus
  notifyCustomer: boolean
  trackingNumber: string
  trackingUrl: string
}

const toFormValues = (order: StatusOrder): StatusFormValues => ({
  id: order.id,
  status: order.status,
  // On by default, for every change: the buyer hears of their order unless the admin says otherwise.
  notifyCustomer: true,
  trackingNumber: order.trackingNumber ?? '',
  trackingUrl: order.trackingUrl ?? '',
})

const NEWS: Record<OrderStatus, string> = {
  pending: 'is pending',
  processing: 'is being processed',
  completed: 'is completed',
  cancelled: 'has been cancelled',
}

/** What "Notify customer" will do for the change being made, under the switch. */
function notifyHint(values: StatusFormValues, order: StatusOrder, isChanged: boolean): string {
  if (!isChanged || !NOTIFIED_STATUSES.includes(values.status))
    return 'The customer gets an e-mail when the order becomes processing, completed or cancelled; not for pending.'
  if (!values.notifyCustomer) return 'No e-mail will be sent for this change.'
  if (values.status === order.status) return 'The customer gets an e-mail with the new tracking details.'
  const withTracking = values.trackingNumber.trim() || values.trackingUrl.trim() ? ', with the tracking details' : ''
  return `The customer gets an e-mail that the order ${NEWS[values.status]}${withTracking}.`
}

/**
 * The order's status badge, a dropdown and Update (enabled only for a status other than the current
 * one), extended with the parcel's tracking number and link (a new one also enables Update) and "Notify
 * customer", on by default: the buyer is e-mailed when the order becomes processing, completed or cancelled.
 */
export function OrderStatusControl({ order }: { order: StatusOrder }) {
  const updateStatus = useUpdateOrderStatus()
  const hintId = useId()
  const form = useForm<StatusFormValues, UpdateOrderStatusValues>({
    initialValues: toFormValues(order),
    validate: schemaResolver(ZUpdateOrderStatusInput, { sync: true }),
    validateInputOnChange: ['trackingNumber', 'trackingUrl'],
    transformValues: (values) => ZUpdateOrderStatusInput.parse(values),
  })
  const { values } = form
  const isTrackingChanged =
    values.trackingNumber.trim() !== (order.trackingNumber ?? '') ||
    values.trackingUrl.trim() !== (order.trackingUrl ?? '')
  const isChanged = values.status !== order.status || isTrackingChanged

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((input) =>
        updateStatus.mutate(input, {
          // The form starts again from what the order now is (trimmed, cleared, notify back on).
          onSuccess: (updated) => {
            form.setInitialValues(toFormValues(updated))
            form.reset()
          },
        }),
      )}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <OrderStatusBadge status={order.status} />
          <Group gap="xs" wrap="nowrap">
            <Select
              aria-label={`New status of order ${order.orderNumber}`}
              data={STATUS_OPTIONS}
              allowDeselect={false}
              size="xs"
              w={150}
              key={form.key('status')}
              {...form.getInputProps('status')}
              onChange={(value) => {
                if (isOrderStatus(value)) form.setFieldValue('status', value)
              }}
            />
            <Button type="submit" size="xs" disabled={!isChanged} loading={updateStatus.isPending}>
              Update
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            size="xs"
            label="Tracking number"
            placeholder="e.g. 1Z999AA10123456784"
            autoComplete="off"
            key={form.key('trackingNumber')}
            {...form.getInputProps('trackingNumber')}
          />
          <TextInput
            size="xs"
            label="Tracking link"
            description="The carrier's tracking page for this parcel"
            placeholder="https://"
            type="url"
            autoComplete="off"
            key={form.key('trackingUrl')}
            {...form.getInputProps('trackingUrl')}
          />
        </SimpleGrid>
        <Stack gap={4}>
          {/* The hint is outside the label: the switch's name stays "Notify customer". */}
          <Switch
            size="sm"
            label="Notify customer"
            aria-describedby={hintId}
            key={form.key('notifyCustomer')}
            {...form.getInputProps('notifyCustomer', { type: 'checkbox' })}
          />
          <Text id={hintId} size="xs" c="ink.6">
            {notifyHint(values, order, isChanged)}
          </Text>
        </Stack>
      </Stack>
    </form>
  )
}
