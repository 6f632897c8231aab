import { Skeleton, Table, type TableTdProps, Text, VisuallyHidden } from '@mantine/core'
import type { Key, ReactNode } from 'react'
import classes from './resource-table.module.css'
import { type RowAction, RowActions } from './row-actions'

export interface ResourceColumn<T> {
  header: string
  render: (row: T) => ReactNode
  /** Alignment, width and visibility (e.g. `visibleFrom: 'sm'`), for the header and the cells alike. */
  layout?: Pick<TableTdProps, 'ta' | 'w' | 'visibleFrom'>
  /** Further props of the column's cells (e.g. bold, no wrapping). */
  cellProps?: TableTdProps
  /** What this column shows in a placeholder row while loading. */
  skeleton?: ReactNode
  /** The placeholder spans this column and every one after it (e.g. one bar after an image). */
  isSkeletonToEnd?: boolean
}

/** The last column: each row's icon buttons and links. */
export interface ActionsColumn<T> {
  of: (row: T) => RowAction[]
  /** The header 'Actions' is read out but not shown, unless visible. */
  isHeaderVisible?: boolean
  /** The actions stay in view while a narrow screen scrolls the table sideways. */
  isSticky?: boolean
  w?: number
  skeleton?: ReactNode
}

interface ResourceTableProps<T> {
  columns: ResourceColumn<T>[]
  /** The rows; undefined while loading (placeholders) or when the list failed to load (nothing). */
  rows: T[] | undefined
  isLoading: boolean
  rowKey: (row: T) => Key
  /** How many placeholder rows show while loading (e.g. 5 for orders, 4 for low-stock products). */
  skeletonRows: number
  /** Without column skeletons, a placeholder row is one bar of this height across the table. */
  skeletonHeight?: number
  emptyText: string
  actions?: ActionsColumn<T>
  /** Below this width the table scrolls sideways. */
  minWidth: number
  horizontalSpacing?: number
}

/** An admin list: column headers, placeholder rows while loading, an empty text and each row's actions. */
export function ResourceTable<T>({
  columns,
  rows,
  isLoading,
  rowKey,
  skeletonRows,
  skeletonHeight = 20,
  emptyText,
  actions,
  minWidth,
  horizontalSpacing,
}: ResourceTableProps<T>) {
  const columnCount = columns.length + (actions ? 1 : 0)
  const actionsClass = actions?.isSticky ? classes.stickyActions : undefined

  const renderSkeletonCells = () => {
    if (!columns.some((column) => column.skeleton !== undefined)) {
      return (
        <Table.Td colSpan={columnCount}>
          <Skeleton height={skeletonHeight} />
        </Table.Td>
      )
    }
    const cells: ReactNode[] = []
    for (const [index, column] of columns.entries()) {
      if (column.isSkeletonToEnd) {
        cells.push(
          <Table.Td key={column.header} colSpan={columnCount - index}>
            {column.skeleton}
          </Table.Td>,
        )
        return cells
      }
      cells.push(
        <Table.Td key={column.header} {...column.layout}>
          {column.skeleton}
        </Table.Td>,
      )
    }
    if (actions) {
      cells.push(
        <Table.Td key="actions" className={actionsClass}>
          {actions.skeleton}
        </Table.Td>,
      )
    }
    return cells
  }

  const renderBody = () => {
    if (isLoading) {
      return Array.from({ length: skeletonRows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Table.Tr key={i} data-testid="resource-table-skeleton">
          {renderSkeletonCells()}
        </Table.Tr>
      ))
    }
    if (rows?.length === 0) {
      return (
        <Table.Tr>
          <Table.Td colSpan={columnCount}>
            <Text c="ink.6" ta="center" py="lg">
              {emptyText}
            </Text>
          </Table.Td>
        </Table.Tr>
      )
    }
    return rows?.map((row) => (
      <Table.Tr key={rowKey(row)}>
        {columns.map((column) => (
          <Table.Td key={column.header} {...column.layout} {...column.cellProps}>
            {column.render(row)}
          </Table.Td>
        ))}
        {actions && (
          <Table.Td className={actionsClass}>
            <RowActions actions={actions.of(row)} />
          </Table.Td>
        )}
      </Table.Tr>
    ))
  }

  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing="sm" horizontalSpacing={horizontalSpacing} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} {...column.layout}>
                {column.header}
              </Table.Th>
            ))}
            {actions && (
              <Table.Th ta="right" w={actions.w} className={actionsClass}>
                {actions.isHeaderVisible ? 'Actions' : <VisuallyHidden>Actions</VisuallyHidden>}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{renderBody()}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
