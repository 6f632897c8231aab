import { Anchor, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { OrderSummary } from '@shop/schema/orders'
import { IconCategoryPlus, IconCoin, IconPackage, IconPlus, IconReceipt, IconUsers } from '@tabler/icons-react'
import { lazy, type ReactNode, Suspense } from 'react'
import { Link } from 'react-router-dom'
import { PageHeader } from '../../components/admin/page-header'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { OrderStatusBadge } from '../../components/order-status-badge'
import { ResponsiveImage } from '../../components/responsive-image'
import { useAccount } from '../../features/admin-accounts/use-accounts'
import { ExportReportsMenu } from '../../features/admin-dashboard/export-reports-menu'
import { SalesCardSkeleton } from '../../features/admin-dashboard/sales-card-skeleton'
import { useDashboardStats, useLowStockProducts, useRecentOrders } from '../../features/admin-dashboard/use-dashboard'
import { orderLinks } from '../../features/admin-orders/order-table'
import { Money, useFormatMoney } from '../../features/shop/use-format-money'
import { usePageMeta } from '../../features/shop/use-shop'
import { formatDate } from '../../lib/format'

// The charts (recharts) are a chunk of their own: the stat cards and lists do not wait for them.
const SalesCard = lazy(() =>
  import('../../features/admin-dashboard/sales-card').then((m) => ({ default: m.SalesCard })),
)

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

const RECENT_ORDER_COLUMNS: ResourceColumn<OrderSummary>[] = [
  { header: 'Order', cellProps: { fw: 600 }, render: (order) => order.orderNumber },
  { header: 'Customer', render: (order) => order.customerName },
  { header: 'Date', render: (order) => formatDate(order.createdAt) },
  { header: 'Amount', render: (order) => <Money value={order.total} /> },
  { header: 'Status', render: (order) => <OrderStatusBadge status={order.status} /> },
]

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
      <ResourceTable
        columns={RECENT_ORDER_COLUMNS}
        rows={orders}
        isLoading={isPending}
        rowKey={(order) => order.id}
        // 5 placeholder rows, as on the orders list.
        skeletonRows={5}
        emptyText="No orders yet."
        minWidth={560}
        actions={{ of: orderLinks }}
      />
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
                <ResponsiveImage src={product.imageUrls[0]} sizes="48px" alt="" w={48} h={48} radius="sm" fit="cover" />
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
  const formatMoney = useFormatMoney()
  const { data: stats } = useDashboardStats()
  const isOwner = useAccount().data?.role === 'owner'
  const loading = <Skeleton height={28} width={90} />
  return (
    <Stack gap="lg">
      <PageHeader
        title="Dashboard"
        subtitle="Your shop at a glance."
        actions={<ExportReportsMenu isOwner={isOwner} />}
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard
          label="Total Revenue"
          value={stats ? formatMoney(stats.totalRevenue) : loading}
          hint="Paid orders: payments recorded, less refunds"
          icon={<IconCoin size={26} stroke={1.5} />}
        />
        <StatCard
          label="Orders"
          value={stats ? stats.orderCount.toLocaleString('en-US') : loading}
          icon={<IconReceipt size={26} stroke={1.5} />}
        />
        <StatCard
          label="Products"
          value={stats ? stats.productCount.toLocaleString('en-US') : loading}
          hint={stats && `${stats.lowStockCount} low in stock`}
          icon={<IconPackage size={26} stroke={1.5} />}
        />
        <StatCard
          label="Customers"
          value={stats ? stats.customerCount.toLocaleString('en-US') : loading}
          icon={<IconUsers size={26} stroke={1.5} />}
        />
      </SimpleGrid>
      <Suspense fallback={<SalesCardSkeleton />}>
        <SalesCard />
      </Suspense>
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
