import { Button, Card, Flex, Stack } from '@mantine/core'
import type { Category, CategorySort } from '@shop/schema/categories'
import { IconPlus } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { type FilterOption, FilterSelect, useChoiceParam, valuesOf } from '../../../components/admin/filter-select'
import { ListPager } from '../../../components/admin/list-pager'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { SearchField } from '../../../components/admin/search-field'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useListPage } from '../../../components/admin/use-list-page'
import { CategoryTable } from '../../../features/admin-categories/category-table'
import { useAdminCategoryPage, useDeleteCategory } from '../../../features/admin-categories/use-admin-categories'
import { usePageMeta } from '../../../features/shop/use-shop'

const CATEGORIES_PER_PAGE = 25
const STATUS_OPTIONS: FilterOption<'active' | 'inactive'>[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
]
// Sorted by name unless chosen otherwise.
const SORT_OPTIONS: FilterOption<Exclude<CategorySort, 'name'>>[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
]

export function CategoryListPage() {
  usePageMeta('Categories')
  // The server searches (name, slug, description), filters and pages; ?q=, ?status=, ?sort= and ?page= stay in
  // the URL.
  const { page, setPage, search } = useListPage()
  const status = useChoiceParam('status', valuesOf(STATUS_OPTIONS))
  const sort = useChoiceParam('sort', valuesOf(SORT_OPTIONS))
  const { data, isPending, isError, refetch, isRefetching } = useAdminCategoryPage({
    page,
    pageSize: CATEGORIES_PER_PAGE,
    q: search || undefined,
    status,
    sort,
  })
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
        <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" mb="md">
          <SearchField label="Search categories" placeholder="Search by name or slug..." style={{ flex: 1 }} />
          <FilterSelect
            label="Filter by status"
            param="status"
            defaultLabel="All statuses"
            options={STATUS_OPTIONS}
            w={{ base: '100%', sm: 170 }}
          />
          <FilterSelect
            label="Sort categories"
            param="sort"
            defaultLabel="Name A–Z"
            options={SORT_OPTIONS}
            w={{ base: '100%', sm: 170 }}
          />
        </Flex>
        {isError ? (
          <LoadErrorView
            message="The categories could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : (
          <>
            <CategoryTable categories={data?.items} isLoading={isPending} onDelete={confirmDelete.ask} />
            <ListPager
              page={page}
              pageSize={CATEGORIES_PER_PAGE}
              total={data?.total}
              noun="categories"
              onChange={setPage}
            />
          </>
        )}
      </Card>
      <ConfirmDeleteDialog title="Delete category" {...confirmDelete.dialogProps}>
        Are you sure you want to delete the category <strong>{confirmDelete.target?.name}</strong>? This action cannot
        be undone.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
