import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { IconReceiptOff } from '@tabler/icons-react'
import { Link } from 'react-router-dom'

export function OrderNotFound() {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm" ta="center" py="xl" maw={480} mx="auto">
        <IconReceiptOff size={40} stroke={1.25} color="var(--mantine-color-gold-7)" aria-hidden />
        <Title order={1} fz={28}>
          Order Not Found
        </Title>
        <Text c="ink.7">The order you're looking for doesn't exist or has been removed.</Text>
        <Button component={Link} to="/admin/orders" mt="sm">
          Back to Orders
        </Button>
      </Stack>
    </Card>
  )
}
