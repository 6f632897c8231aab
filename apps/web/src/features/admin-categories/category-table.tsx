import { Skeleton, Text } from '@mantine/core'
import type { Category } from '@shop/schema/categories'
import { ActiveBadge } from '../../components/active-badge'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { editAndDeleteActions } from '../../components/admin/row-actions'
import { STOCK_IMAGE } from '../../components/fallback-image'
import { ResponsiveImage } from '../../components/responsive-image'

const COLUMNS: ResourceColumn<Category>[] = [
  {
    header: 'Image',
    layout: { w: 64 },
    skeleton: <Skeleton height={40} width={40} radius="sm" />,
    render: (category) => (
      <ResponsiveImage
        src={category.imageUrl}
        sizes="40px"
        fallback={STOCK_IMAGE}
        alt=""
        w={40}
        h={40}
        radius="sm"
        fit="cover"
      />
    ),
  },
  {
    header: 'Name',
    skeleton: <Skeleton height={20} maw={600} />,
    isSkeletonToEnd: true,
    render: (category) => (
      <>
        <Text size="sm" fw={600}>
          {category.name}
        </Text>
        {category.description && (
          <Text size="xs" c="ink.6" lineClamp={1} maw={360} visibleFrom="sm">
            {category.description}
          </Text>
        )}
      </>
    ),
  },
  {
    header: 'Slug',
    layout: { visibleFrom: 'sm' },
    render: (category) => (
      <Text size="sm" ff="monospace" c="ink.7">
        {category.slug}
      </Text>
    ),
  },
  { header: 'Status', render: (category) => <ActiveBadge isActive={category.active} /> },
]

interface CategoryTableProps {
  categories: Category[] | undefined
  isLoading: boolean
  onDelete: (category: Category) => void
}

export function CategoryTable({ categories, isLoading, onDelete }: CategoryTableProps) {
  return (
    <ResourceTable
      columns={COLUMNS}
      rows={categories}
      isLoading={isLoading}
      rowKey={(category) => category.id}
      skeletonRows={5}
      emptyText="No categories found."
      minWidth={300}
      horizontalSpacing={6}
      actions={{
        of: (category) =>
          editAndDeleteActions(category.name, `/admin/categories/edit/${category.id}`, () => onDelete(category)),
        w: 80,
      }}
    />
  )
}
