import { Button, Card, Stack, Text, Title } from '@mantine/core'
import { type Icon, IconArrowLeft } from '@tabler/icons-react'
import { Link } from 'react-router-dom'

interface NotFoundViewProps {
  /** E.g. 'Order Not Found'; the page's h1. */
  title: string
  message: string
  icon: Icon
  back: { to: string; label: string }
}

/** A record that does not exist (or no longer does): the API answered 404, or the address holds no valid id. */
export function NotFoundView({ title, message, icon: TitleIcon, back }: NotFoundViewProps) {
  return (
    <Card withBorder padding="xl" radius="md">
      <Stack align="center" gap="sm" ta="center" py="xl" maw={480} mx="auto">
        <TitleIcon size={40} stroke={1.25} color="var(--mantine-color-gold-7)" aria-hidden />
        <Title order={1} fz={28}>
          {title}
        </Title>
        <Text c="ink.7">{message}</Text>
        <Button component={Link} to={back.to} mt="sm" leftSection={<IconArrowLeft size={16} />}>
          {back.label}
        </Button>
      </Stack>
    </Card>
  )
}
