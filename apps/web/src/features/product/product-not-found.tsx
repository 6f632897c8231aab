import { Button, Stack, Text, Title } from '@mantine/core'
import { IconDiamond } from '@tabler/icons-react'
import { Link } from 'react-router-dom'

export function ProductNotFound() {
  return (
    <Stack align="center" gap="md" ta="center" py={72} maw={520} mx="auto">
      <IconDiamond size={40} stroke={1} color="var(--mantine-color-gold-7)" aria-hidden />
      <Title order={1}>Product Not Found</Title>
      <Text c="ink.7">The product you're looking for doesn't exist or has been removed.</Text>
      <Button component={Link} to="/" mt="md" size="md">
        Back to Home
      </Button>
    </Stack>
  )
}
