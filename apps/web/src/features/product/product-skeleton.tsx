import { Group, SimpleGrid, Skeleton, Stack } from '@mantine/core'

/** The product page while the product loads: the same shape, so nothing jumps when it arrives. */
export function ProductSkeleton() {
  return (
    <Stack gap="xl" aria-busy="true" aria-label="Loading product">
      <Skeleton height={14} width={240} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'xl', md: 56 }}>
        <Stack gap="sm">
          <Skeleton style={{ aspectRatio: '1 / 1' }} />
          <Group gap="xs" grow>
            <Skeleton height={72} />
            <Skeleton height={72} />
            <Skeleton height={72} />
          </Group>
        </Stack>
        <Stack gap="lg">
          <Skeleton height={12} width={100} />
          <Skeleton height={44} width="80%" />
          <Skeleton height={14} width={140} />
          <Skeleton height={32} width={120} />
          <Stack gap={8}>
            <Skeleton height={12} />
            <Skeleton height={12} />
            <Skeleton height={12} width="70%" />
          </Stack>
          <Skeleton height={48} />
          <Skeleton height={88} />
        </Stack>
      </SimpleGrid>
    </Stack>
  )
}
