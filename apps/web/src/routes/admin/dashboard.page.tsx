import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core'
import {
  IconCategoryPlus,
  IconCoin,
  IconEye,
  IconFileInvoice,
  IconPackage,
  IconPlus,
  IconReceipt,
  IconUsers,
} from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { FallbackImage } from '../../components/fallback-image'
import { useDashboardStats, useLowStockProducts, useRecentOrders } from '../../features/admin-dashboard/use-dashboard'
import { OrderStatusBadge } from '../../features/admin-orders/order-status-badge'
import { usePageMeta } from '../../features/shop/use-shop'
import { formatDate, formatMoney } from '../../lib/format'

function StatCard({
  label,
  value,
  hint,
  icon,
}: {
  label: string
  value: ReactNode
  hint?: ReactNode
  icon: ReactNode
}) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="xs" tt="uppercase" fw={600} c="ink.6" lts={1}>
            {label}
          </Text>
          <Text fz={28} fw={600} ff="heading" lh={1.1}>
            {value}
          </Text>
          {hint && (
            <Text size="xs" c="ink.6">
              {hint}
            </Text>
          )}
        </Stack>
        <Text c="gold.7" aria-hidden>
          {icon}
        </Text>
      </Group>
    </Card>
  )
}

function RecentOrders() {
  const { data: orders, isPending } = useRecentOrders()
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="xl">
          Recent Orders
        </Title>
        <Anchor component={Link} to="/admin/orders" size="sm" c="gold.8">
          View all
        </Anchor>
      </Group>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order</Table.Th>
              <Table.Th>Customer</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isPending
              ? Array.from({ length: 5 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Tr key={i} data-testid="recent-order-skeleton">
                    <Table.Td colSpan={6}>
                      <Skeleton height={20} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : orders?.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td fw={600}>{order.orderNumber}</Table.Td>
                    <Table.Td>{order.customerName}</Table.Td>
                    <Table.Td>{formatDate(order.createdAt)}</Table.Td>
                    <Table.Td>{formatMoney(order.total)}</Table.Td>
                    <Table.Td>
                      <OrderStatusBadge status={order.status} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="View order">
                          <ActionIcon
                            component={Link}
                            to={`/admin/orders/${order.id}`}
                            variant="subtle"
                            color="dark"
                            aria-label={`View order ${order.orderNumber}`}
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Invoice">
                          <ActionIcon
                            component={Link}
                            to={`/admin/orders/${order.id}/invoice`}
                            variant="subtle"
                            color="dark"
                            aria-label={`Invoice of order ${order.orderNumber}`}
                          >
                            <IconFileInvoice size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!isPending && orders?.length === 0 && (
        <Text c="ink.6" ta="center" py="md">
          No orders yet.
        </Text>
      )}
    </Card>
  )
}

function LowStock() {
  const { data: products, isPending } = useLowStockProducts()
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="xl" mb="sm">
        Low Stock Products
      </Title>
      <Stack gap="sm">
        {isPending
          ? Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} height={48} data-testid="low-stock-skeleton" />
            ))
          : products?.map((product) => (
              <Group key={product.id} gap="sm" wrap="nowrap">
                <FallbackImage src={product.imageUrls[0]} alt="" w={48} h={48} radius="sm" fit="cover" />
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={`/admin/products/edit/${product.id}`}
                    size="sm"
                    fw={600}
                    c="black"
                    truncate
                  >
                    {product.name}
                  </Anchor>
                  <Text size="xs" c="ink.6">
                    {product.sku}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end">
                  <Text size="sm" fw={600} c="red.8">
                    {product.stock} left
                  </Text>
                  <Text size="xs" c="ink.6">
                    Min {product.minStock}
                  </Text>
                </Stack>
              </Group>
            ))}
        {!isPending && products?.length === 0 && <Text c="ink.6">Every product is well stocked.</Text>}
      </Stack>
    </Card>
  )
}

export function DashboardPage() {
  usePageMeta('Dashboard')
  const { data: stats } = useDashboardStats()
  const loading = <Skeleton height={28} width={90} />
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <div>
          <Title order={1} fz={32}>
            Dashboard
          </Title>
          <Text c="ink.6" size="sm">
            Your shop at a glance.
          </Text>
        </div>
        <Anchor component={Link} to="/admin" size="sm" c="gold.8">
          Export Reports
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label="Total Revenue"
          value={stats ? formatMoney(stats.totalRevenue) : loading}
          icon={<IconCoin size={26} stroke={1.5} />}
        />
        <StatCard label="Orders" value={stats?.orderCount ?? loading} icon={<IconReceipt size={26} stroke={1.5} />} />
        <StatCard
          label="Products"
          value={stats?.productCount ?? loading}
          hint={stats && `${stats.lowStockCount} low in stock`}
          icon={<IconPackage size={26} stroke={1.5} />}
        />
        <StatCard
          label="Customers"
          value={stats?.customerCount ?? loading}
          icon={<IconUsers size={26} stroke={1.5} />}
        />
      </SimpleGrid>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <RecentOrders />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <LowStock />
        </Grid.Col>
      </Grid>
      <Card withBorder padding="lg" radius="md">
        <Title order={2} fz="xl" mb="sm">
          Quick Actions
        </Title>
        <Group>
          <Button component={Link} to="/admin/products/new" leftSection={<IconPlus size={16} />}>
            Add Product
          </Button>
          <Button
            component={Link}
            to="/admin/categories/new"
            variant="default"
            leftSection={<IconCategoryPlus size={16} />}
          >
            Add Category
          </Button>
          <Button component={Link} to="/admin/orders" variant="default" leftSection={<IconReceipt size={16} />}>
            Manage Orders
          </Button>
        </Group>
      </Card>
    </Stack>
  )
}
