import { ActionIcon, Group, Tooltip } from '@mantine/core'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'

/** A button or link of a table row; icon-only, so `name` is its accessible name (e.g. 'Delete order ORD-1001'). */
export interface RowAction {
  /** The tooltip: what the icon means ('Edit', 'Delete'). */
  label: string
  name: string
  icon: ReactNode
  /** A link to this path, else a button calling `onClick`. */
  to?: string
  onClick?: () => void
  isDestructive?: boolean
}

/**
 * The usual pair of a record's row, named after `subject` ('Edit Gold Cross', 'Delete order ORD-1001'): Edit links
 * to the record's form (a path) or opens a dialog (a function); Delete asks first, through `onDelete`.
 */
export function editAndDeleteActions(subject: string, edit: string | (() => void), onDelete: () => void): RowAction[] {
  return [
    {
      label: 'Edit',
      name: `Edit ${subject}`,
      icon: <IconPencil size={18} />,
      ...(typeof edit === 'string' ? { to: edit } : { onClick: edit }),
    },
    {
      label: 'Delete',
      name: `Delete ${subject}`,
      icon: <IconTrash size={18} />,
      onClick: onDelete,
      isDestructive: true,
    },
  ]
}

export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {actions.map((action) => (
        <Tooltip key={action.label} label={action.label}>
          {action.to ? (
            <ActionIcon component={Link} to={action.to} variant="subtle" color="dark" aria-label={action.name}>
              {action.icon}
            </ActionIcon>
          ) : (
            <ActionIcon
              variant="subtle"
              color={action.isDestructive ? 'red.8' : 'dark'}
              aria-label={action.name}
              onClick={action.onClick}
            >
              {action.icon}
            </ActionIcon>
          )}
        </Tooltip>
      ))}
    </Group>
  )
}
