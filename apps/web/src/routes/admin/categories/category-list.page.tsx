import { Button, Card, Stack } from '@mantine/core'
import type { Category } from '@shop/schema/categories'
import { IconPlus } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { SearchField } from '../../../components/admin/search-field'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useSearchParam } from '../../../components/admin/use-search-param'
import { CategoryTable } from '../../../features/admin-categories/category-table'
import { useAdminCategories, useDeleteCategory } from '../../../features/admin-categories/use-admin-categories'
import { usePageMeta } from '../../../features/shop/use-shop'

/** Case-insensitive substring match on name or slug. */
function matchesSearch(category: Category, search: string) {
  const needle = search.trim().toLowerCase()
  return !needle || category.name.toLowerCase().includes(needle) || category.slug.toLowerCase().includes(needle)
}

export function CategoryListPage() {
  usePageMeta('Categories')
  const [search] = useSearchParam('q')
  const { data: categories, isPending, isError, refetch, isRefetching } = useAdminCategories()
  const confirmDelete = useConfirmDelete<Category>(useDeleteCategory())

  return (
    <Stack gap="lg">
      <PageHeader
        title="Categories"
        subtitle="Organize the collections shown in the shop."
        actions={
          <Button component={Link} to="/admin/categories/new" leftSection={<IconPlus size={16} />}>
            Add Category
          </Button>
        }
      />
      <Card withBorder radius="md" p={{ base: 'xs', sm: 'lg' }}>
        <SearchField
          label="Search categories"
          placeholder="Search by name or slug..."
          maw={{ base: '100%', sm: 360 }}
          mb="md"
        />
        {isError ? (
          <LoadErrorView
            message="The categories could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : (
          <CategoryTable
            categories={categories?.filter((category) => matchesSearch(category, search))}
            isLoading={isPending}
            onDelete={confirmDelete.ask}
          />
        )}
      </Card>
      <ConfirmDeleteDialog title="Delete category" {...confirmDelete.dialogProps}>
        Are you sure you want to delete the category <strong>{confirmDelete.target?.name}</strong>? This action cannot
        be undone.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
