import { Card, Group, Table, Text, Title } from '@mantine/core'
import { lineTotal, type OrderItem } from '@shop/schema/orders'
import { OrderLineDetails } from '../../components/order-line-details'
import { ResponsiveImage } from '../../components/responsive-image'
import { useFormatMoney } from '../shop/use-format-money'

export function OrderItemsCard({ items }: { items: OrderItem[] }) {
  const formatMoney = useFormatMoney()
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="xl" mb="sm">
        Order Items
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Product</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">Quantity</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    {item.imageUrl && (
                      <ResponsiveImage
                        src={item.imageUrl}
                        sizes="40px"
                        alt=""
                        w={40}
                        h={40}
                        radius="sm"
                        fit="cover"
                        style={{ flexShrink: 0, alignSelf: 'flex-start' }}
                      />
                    )}
                    <div>
                      <Text size="sm" fw={500}>
                        {item.name}
                      </Text>
                      <OrderLineDetails line={item} formatSurcharge={formatMoney} />
                    </div>
                  </Group>
                </Table.Td>
                <Table.Td c="ink.7" style={{ whiteSpace: 'nowrap' }}>
                  {item.sku}
                </Table.Td>
                <Table.Td ta="right">{formatMoney(item.price)}</Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatMoney(lineTotal(item))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  )
}
