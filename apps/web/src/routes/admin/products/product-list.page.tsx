import { Button, Card, Group, Stack } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { IconDownload, IconExternalLink, IconPlus, IconUpload } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { ListPager } from '../../../components/admin/list-pager'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { SearchField } from '../../../components/admin/search-field'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useListPage } from '../../../components/admin/use-list-page'
import { ProductImportDialog } from '../../../features/admin-products/product-import-dialog'
import { ProductTable } from '../../../features/admin-products/product-table'
import { useAdminProductPage, useDeleteProduct } from '../../../features/admin-products/use-admin-products'
import { exportFiltersOf, useExportProducts } from '../../../features/admin-products/use-products-csv'
import { usePageMeta } from '../../../features/shop/use-shop'

const PRODUCTS_PER_PAGE = 25

export function ProductListPage() {
  usePageMeta('Products')
  // The server searches (name, SKU, a variant's SKU, description) and pages; ?q= and ?page= stay in the URL.
  const { page, setPage, search } = useListPage()
  const listInput = { page, pageSize: PRODUCTS_PER_PAGE, q: search || undefined }
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
        <Group justify="space-between" mb="md" gap="sm">
          <SearchField label="Search products" placeholder="Search by name or SKU..." w={{ base: '100%', sm: 340 }} />
        </Group>
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
