import { Card, Skeleton } from '@mantine/core'

/** The Sales card's place while its chunk (the charts) loads: a file of its own, so it costs the dashboard nothing. */
export function SalesCardSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md">
      <Skeleton height={28} width={120} mb="md" />
      <Skeleton height={48} width={320} mb="md" />
      <Skeleton height={240} data-testid="sales-chart-skeleton" />
    </Card>
  )
}
