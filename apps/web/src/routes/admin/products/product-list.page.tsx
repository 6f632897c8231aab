import { Button, Card, Flex, Stack } from '@mantine/core'
import type { Product, ProductSort } from '@shop/schema/products'
import { IconDownload, IconExternalLink, IconPlus, IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { type FilterOption, FilterSelect, useChoiceParam, valuesOf } from '../../../components/admin/filter-select'
import { ListPager } from '../../../components/admin/list-pager'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { SearchField } from '../../../components/admin/search-field'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useListPage } from '../../../components/admin/use-list-page'
import { ProductImportDialog } from '../../../features/admin-products/product-import-dialog'
import { ProductTable } from '../../../features/admin-products/product-table'
import {
  useAdminProductPage,
  useDeleteProduct,
  useProductCategories,
} from '../../../features/admin-products/use-admin-products'
import { exportFiltersOf, useExportProducts } from '../../../features/admin-products/use-products-csv'
import { usePageMeta } from '../../../features/shop/use-shop'

const PRODUCTS_PER_PAGE = 25

const STATUS_OPTIONS: FilterOption<'active' | 'inactive'>[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
]

// Newest first is the list's order without ?sort=.
const SORT_OPTIONS: FilterOption<Exclude<ProductSort, 'newest'>>[] = [
  { value: 'name', label: 'Name A–Z' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
]

export function ProductListPage() {
  usePageMeta('Products')
  // The server searches (name, SKU, a variant's SKU, description), filters, sorts and pages; ?q=, ?categoryId=,
  // ?status=, ?sort= and ?page= stay in the URL.
  const { page, setPage, search } = useListPage()
  const categoryOptions = (useProductCategories().data ?? []).map((category) => ({
    value: String(category.id),
    label: category.name,
  }))
  const categoryId = useChoiceParam('categoryId', valuesOf(categoryOptions))
  const listInput = {
    page,
    pageSize: PRODUCTS_PER_PAGE,
    q: search || undefined,
    categoryId: categoryId === undefined ? undefined : Number(categoryId),
    status: useChoiceParam('status', valuesOf(STATUS_OPTIONS)),
    sort: useChoiceParam('sort', valuesOf(SORT_OPTIONS)),
  }
  const { data, isPending, isError, refetch, isRefetching } = useAdminProductPage(listInput)
  const confirmDelete = useConfirmDelete<Product>(useDeleteProduct())
  const exportProducts = useExportProducts()
  const [isImportOpen, setIsImportOpen] = useState(false)

  return (
    <Stack gap="lg">
      <PageHeader
        title="Products"
        subtitle="Manage your catalog, prices and stock."
        actions={
          <>
            <Button
              component="a"
              href="/"
              target="_blank"
              rel="noopener"
              variant="default"
              leftSection={<IconExternalLink size={16} />}
            >
              View Live
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              // The list's filters, every page of them.
              onClick={() => exportProducts.mutate(exportFiltersOf(listInput))}
              loading={exportProducts.isPending}
            >
              Export CSV
            </Button>
            <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setIsImportOpen(true)}>
              Import CSV
            </Button>
            <Button component={Link} to="/admin/products/new" leftSection={<IconPlus size={16} />}>
              Add Product
            </Button>
          </>
        }
      />
      <Card withBorder padding="lg" radius="md">
        <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" mb="md">
          <SearchField label="Search products" placeholder="Search by name or SKU..." style={{ flex: 1 }} />
          <FilterSelect
            label="Filter by category"
            param="categoryId"
            defaultLabel="All categories"
            options={categoryOptions}
            w={{ base: '100%', sm: 190 }}
          />
          <FilterSelect
            label="Filter by status"
            param="status"
            defaultLabel="All statuses"
            options={STATUS_OPTIONS}
            w={{ base: '100%', sm: 150 }}
          />
          <FilterSelect
            label="Sort products"
            param="sort"
            defaultLabel="Newest first"
            options={SORT_OPTIONS}
            w={{ base: '100%', sm: 190 }}
          />
        </Flex>
        {isError ? (
          <LoadErrorView
            message="The products could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : (
          <>
            <ProductTable products={data?.items} isLoading={isPending} onDelete={confirmDelete.ask} />
            <ListPager
              page={page}
              pageSize={PRODUCTS_PER_PAGE}
              total={data?.total}
              noun="products"
              onChange={setPage}
            />
          </>
        )}
      </Card>
      <ProductImportDialog isOpen={isImportOpen} onClose={() => setIsImportOpen(false)} />
      <ConfirmDeleteDialog title="Delete product" {...confirmDelete.dialogProps}>
        Are you sure you want to delete <strong>{confirmDelete.target?.name}</strong>? This action cannot be undone.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
