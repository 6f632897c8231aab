import { Card, Grid, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core'

export function OrderDetailSkeleton() {
  return (
    <Stack gap="lg" data-testid="order-detail-skeleton" aria-busy>
      <Group justify="space-between">
        <Stack gap={8}>
          <Skeleton height={32} width={240} />
          <Skeleton height={14} width={160} />
        </Stack>
        <Group gap="sm">
          <Skeleton height={36} width={100} />
          <Skeleton height={36} width={90} />
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Card withBorder padding="lg" radius="md">
              <Skeleton height={22} width={200} mb="md" />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                {Array.from({ length: 4 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Stack key={i} gap={6}>
                    <Skeleton height={10} width={90} />
                    <Skeleton height={14} width="80%" />
                    <Skeleton height={14} width="60%" />
                  </Stack>
                ))}
              </SimpleGrid>
            </Card>
            <Card withBorder padding="lg" radius="md">
              <Skeleton height={22} width={160} mb="md" />
              <Stack gap="sm">
                {Array.from({ length: 3 }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Skeleton key={i} height={40} />
                ))}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder padding="lg" radius="md">
            <Skeleton height={22} width={160} mb="md" />
            <Stack gap="sm">
              {Array.from({ length: 4 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={i} height={16} />
              ))}
              <Skeleton height={36} mt="sm" />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}
