// The charts' styles and code (recharts) come only with this card, a chunk of its own that the dashboard loads
// lazily: neither the storefront nor the dashboard's first paint waits for them.
import '@mantine/charts/styles.css'
import { AreaChart, BarChart } from '@mantine/charts'
import { Box, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import {
  type ProductSales,
  SALES_INTERVALS,
  SALES_RANGES,
  type SalesInterval,
  type SalesRange,
  type SalesReport,
} from '@shop/schema/dashboard'
import { useState } from 'react'
import { useFormatMoney } from '../shop/use-format-money'
import { useSalesReport, useTopProducts } from './use-dashboard'

const RANGE_OPTIONS = SALES_RANGES.map((days) => ({ value: String(days), label: `${days} days` }))
const INTERVAL_LABELS: Record<SalesInterval, string> = { day: 'Day', week: 'Week', month: 'Month' }
const INTERVAL_OPTIONS = SALES_INTERVALS.map((interval) => ({ value: interval, label: INTERVAL_LABELS[interval] }))

let dayLabel: Intl.DateTimeFormat | undefined
let monthLabel: Intl.DateTimeFormat | undefined

/** "Mar 16" for a day or the week starting then, "Mar 2026" for a month: the buckets are UTC days. */
function bucketLabel(start: string, interval: SalesInterval): string {
  const date = new Date(`${start}T00:00:00.000Z`)
  if (interval === 'month') {
    monthLabel ??= new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    return monthLabel.format(date)
  }
  dayLabel ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
  return dayLabel.format(date)
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" tt="uppercase" fw={600} c="ink.6" lts={1}>
        {label}
      </Text>
      <Text fz="xl" fw={600} ff="heading">
        {value}
      </Text>
    </Stack>
  )
}

function SalesCharts({ report }: { report: SalesReport }) {
  const formatMoney = useFormatMoney()
  const data = report.buckets.map((bucket) => ({
    label: bucketLabel(bucket.start, report.interval),
    revenue: Number(bucket.revenue),
    orders: bucket.orders,
  }))
  return (
    <Stack gap="md">
      <Group gap="xl">
        <Figure label="Revenue" value={formatMoney(report.revenue)} />
        <Figure label="Orders" value={report.orders.toLocaleString('en-US')} />
        <Figure label="Average order value" value={formatMoney(report.averageOrderValue)} />
      </Group>
      <Box component="figure" m={0} aria-label={`Revenue per ${report.interval}, ${report.from} to ${report.to}`}>
        <AreaChart
          h={240}
          data={data}
          dataKey="label"
          series={[{ name: 'revenue', label: 'Revenue', color: 'gold.6' }]}
          curveType="linear"
          withDots={false}
          valueFormatter={formatMoney}
          yAxisProps={{ width: 76 }}
        />
      </Box>
      <Box component="figure" m={0} aria-label={`Orders per ${report.interval}, ${report.from} to ${report.to}`}>
        <BarChart
          h={140}
          data={data}
          dataKey="label"
          series={[{ name: 'orders', label: 'Orders', color: 'ink.5' }]}
          yAxisProps={{ width: 76, allowDecimals: false }}
        />
      </Box>
    </Stack>
  )
}

function TopList({
  title,
  products,
  value,
  format,
}: {
  title: string
  products: ProductSales[] | undefined
  value: (product: ProductSales) => number
  format: (value: number) => string
}) {
  // Each bar is drawn against the largest figure of the list.
  const largest = Math.max(1, ...(products ?? []).map(value))
  return (
    <Stack component="section" gap="xs" aria-label={title}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {!products ? (
        <Skeleton height={160} data-testid="top-products-skeleton" />
      ) : products.length === 0 ? (
        <Text c="ink.6" size="sm">
          No sales in this range.
        </Text>
      ) : (
        <Stack component="ol" gap={8} m={0} p={0} style={{ listStyle: 'none' }}>
          {products.map((product) => (
            <li key={product.productId}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text size="sm" truncate>
                  {product.name}
                </Text>
                <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                  {format(value(product))}
                </Text>
              </Group>
              <Box h={6} mt={2} bg="gold.1" style={{ borderRadius: 3 }} aria-hidden>
                <Box h={6} bg="gold.6" w={`${(100 * value(product)) / largest}%`} style={{ borderRadius: 3 }} />
              </Box>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  )
}

/**
 * Revenue and orders over 30, 90 or 365 days by day, week or month, and the top products
 * (docs/decisions/0008-sales-summary.md).
 */
export function SalesCard() {
  const formatMoney = useFormatMoney()
  const [days, chooseDays] = useState<SalesRange>(30)
  const [interval, chooseInterval] = useState<SalesInterval>('day')
  const { data: report } = useSalesReport(days, interval)
  const { data: top } = useTopProducts(days)
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} fz="xl">
          Sales
        </Title>
        <Group gap="sm">
          <SegmentedControl
            aria-label="Range"
            size="xs"
            data={RANGE_OPTIONS}
            value={String(days)}
            onChange={(value) => chooseDays(Number(value) as SalesRange)}
          />
          <SegmentedControl
            aria-label="Interval"
            size="xs"
            data={INTERVAL_OPTIONS}
            value={interval}
            onChange={(value) => chooseInterval(value as SalesInterval)}
          />
        </Group>
      </Group>
      {report ? (
        <SalesCharts report={report} />
      ) : (
        <Stack gap="md">
          <Skeleton height={48} width={320} />
          <Skeleton height={240} data-testid="sales-chart-skeleton" />
          <Skeleton height={140} />
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" mt="xl">
        <TopList
          title="Top products by units"
          products={top?.byUnits}
          value={(product) => product.units}
          format={String}
        />
        <TopList
          title="Top products by revenue"
          products={top?.byRevenue}
          value={(product) => Number(product.revenue)}
          format={formatMoney}
        />
      </SimpleGrid>
    </Card>
  )
}
