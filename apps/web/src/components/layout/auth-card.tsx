import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { useShopInfo } from '../../features/shop/use-shop'

/** The frame of the public admin screens (login, forgot and reset password). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  const { data: shop } = useShopInfo()
  return (
    <Center mih="100vh" p="md" style={{ background: '#f7f6f3' }}>
      <Box w="100%" maw={420} component="main">
        <Stack gap="lg">
          <Anchor component={Link} to="/" ta="center" ff="heading" fz={28} fw={600} c="black" underline="never">
            {shop?.name ?? '\u00a0'}
          </Anchor>
          <Paper withBorder p="xl" radius="md" shadow="xs">
            <Stack gap="md">
              <div>
                <Title order={1} fz={26}>
                  {title}
                </Title>
                {subtitle && (
                  <Text size="sm" c="ink.6" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Center>
  )
}
