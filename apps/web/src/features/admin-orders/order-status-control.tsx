import { Button, Group, Select, Stack } from '@mantine/core'
import type { Order, OrderStatus } from '@shop/schema/orders'
import { useState } from 'react'
import { isOrderStatus, STATUS_OPTIONS } from './order-filters'
import { OrderStatusBadge } from './order-status-badge'
import { useUpdateOrderStatus } from './use-admin-orders'

/** The order's status and a dropdown to change it; Update is enabled only for a different status (spec point 4). */
export function OrderStatusControl({ order }: { order: Pick<Order, 'id' | 'orderNumber' | 'status'> }) {
  const [chosen, setChosen] = useState<OrderStatus>(order.status)
  const updateStatus = useUpdateOrderStatus()
  const isChanged = chosen !== order.status

  return (
    <Stack gap="xs" align="flex-start">
      <OrderStatusBadge status={order.status} />
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
          disabled={!isChanged}
          loading={updateStatus.isPending}
          onClick={() => updateStatus.mutate({ id: order.id, status: chosen })}
        >
          Update
        </Button>
      </Group>
    </Stack>
  )
}
