import { Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** A labelled value of the order detail cards. */
export function OrderField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="xs" tt="uppercase" fw={600} c="ink.6" lts={1}>
        {label}
      </Text>
      {children}
    </Stack>
  )
}
