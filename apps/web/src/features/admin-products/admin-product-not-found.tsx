import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { IconArrowLeft, IconPackageOff } from '@tabler/icons-react'
import { Link } from 'react-router-dom'

export function AdminProductNotFound() {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm" ta="center" py="xl">
        <IconPackageOff size={40} stroke={1.25} color="var(--mantine-color-gold-7)" aria-hidden />
        <Title order={1} fz={32}>
          Product Not Found
        </Title>
        <Text c="ink.6" maw={420}>
          The product you're looking for doesn't exist or has been removed.
        </Text>
        <Button component={Link} to="/admin/products" mt="sm" leftSection={<IconArrowLeft size={16} />}>
          Back to Products
        </Button>
      </Stack>
    </Card>
  )
}
