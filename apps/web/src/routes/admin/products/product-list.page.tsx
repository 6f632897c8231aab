import { Button, Card, Group, Stack, Text } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { IconExternalLink, IconPlus } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { SearchField } from '../../../components/admin/search-field'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useSearchParam } from '../../../components/admin/use-search-param'
import { ProductTable } from '../../../features/admin-products/product-table'
import { filterProducts } from '../../../features/admin-products/product-values'
import { useAdminProducts, useDeleteProduct } from '../../../features/admin-products/use-admin-products'
import { usePageMeta } from '../../../features/shop/use-shop'

export function ProductListPage() {
  usePageMeta('Products')
  const [search] = useSearchParam('q')
  const { data: products, isPending, isError, refetch, isRefetching } = useAdminProducts()
  const confirmDelete = useConfirmDelete<Product>(useDeleteProduct())
  const shown = products && filterProducts(products, search)

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
            <Button component={Link} to="/admin/products/new" leftSection={<IconPlus size={16} />}>
              Add Product
            </Button>
          </>
        }
      />
      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" mb="md" gap="sm">
          <SearchField label="Search products" placeholder="Search by name or SKU..." w={{ base: '100%', sm: 340 }} />
          {shown && (
            <Text size="sm" c="ink.6" aria-live="polite">
              {shown.length === products.length
                ? `${products.length} ${products.length === 1 ? 'product' : 'products'}`
                : `${shown.length} of ${products.length} products`}
            </Text>
          )}
        </Group>
        {isError ? (
          <LoadErrorView
            message="The products could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : (
          <ProductTable products={shown} isLoading={isPending} onDelete={confirmDelete.ask} />
        )}
      </Card>
      <ConfirmDeleteDialog title="Delete product" {...confirmDelete.dialogProps}>
        Are you sure you want to delete <strong>{confirmDelete.target?.name}</strong>? This action cannot be undone.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
