import { Button, Stack, Text, Title } from '@mantine/core'
import { IconShoppingBag } from '@tabler/icons-react'
import { Link } from 'react-router-dom'

export function CheckoutEmpty() {
  return (
    <Stack align="center" gap="md" ta="center" py={72} maw={520} mx="auto">
      <IconShoppingBag size={44} stroke={1} color="var(--mantine-color-gold-7)" aria-hidden />
      <Title order={1}>Your Cart is Empty</Title>
      <Text c="ink.7">Add a piece or two to your cart, then come back here to check out.</Text>
      <Button component={Link} to="/" mt="md" size="md">
        Continue Shopping
      </Button>
    </Stack>
  )
}
