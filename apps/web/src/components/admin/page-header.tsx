import { Anchor, Group, Skeleton, Text, Title } from '@mantine/core'
import { IconArrowLeft } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'

interface PageHeaderProps {
  title: string
  subtitle?: ReactNode
  /** The page's buttons, its primary action last. */
  actions?: ReactNode
  /** A link above the title, back to where the page belongs (e.g. the list of a form). */
  back?: { to: string; label: string }
  /** The title is not known yet (it names a record still loading). */
  isTitleLoading?: boolean
}

/** The top of an admin screen: its h1 title, a line on what it is for, and its actions. */
export function PageHeader({ title, subtitle, actions, back, isTitleLoading = false }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        {back && (
          <Anchor component={Link} to={back.to} size="sm" c="gold.8">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {back.label}
            </Group>
          </Anchor>
        )}
        {isTitleLoading ? (
          <Skeleton height={40} width={260} />
        ) : (
          <Title order={1} fz={32} mt={back ? 4 : undefined}>
            {title}
          </Title>
        )}
        {subtitle && (
          <Text c="ink.6" size="sm">
            {subtitle}
          </Text>
        )}
      </div>
      {actions && <Group gap="sm">{actions}</Group>}
    </Group>
  )
}
