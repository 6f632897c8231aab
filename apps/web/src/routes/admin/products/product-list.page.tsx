import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { Product } from '@shop/schema/products'
import { IconAlertCircle, IconExternalLink, IconPlus, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { DeleteProductModal } from '../../../features/admin-products/delete-product-modal'
import { ProductTable } from '../../../features/admin-products/product-table'
import { filterProducts } from '../../../features/admin-products/product-values'
import { useAdminProducts, useDeleteProduct } from '../../../features/admin-products/use-admin-products'
import { usePageMeta } from '../../../features/shop/use-shop'

export function ProductListPage() {
  usePageMeta('Products')
  const [searchParams, setSearchParams] = useSearchParams()
  const search = searchParams.get('q') ?? ''
  const { data: products, isPending, isError, refetch } = useAdminProducts()
  const deleteProduct = useDeleteProduct()
  const [isDeleteOpen, deleteDialog] = useDisclosure(false)
  const [toDelete, setToDelete] = useState<Product | null>(null)
  const shown = products && filterProducts(products, search)

  const onSearch = (text: string) =>
    setSearchParams(
      (params) => {
        if (text) params.set('q', text)
        else params.delete('q')
        return params
      },
      { replace: true },
    )

  const onDelete = (product: Product) => {
    setToDelete(product)
    deleteDialog.open()
  }

  const onConfirmDelete = () => {
    if (!toDelete) return
    deleteProduct.mutate({ id: toDelete.id }, { onSuccess: deleteDialog.close })
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={32}>
            Products
          </Title>
          <Text c="ink.6" size="sm">
            Manage your catalog, prices and stock.
          </Text>
        </div>
        <Group gap="sm">
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
        </Group>
      </Group>

      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" mb="md" gap="sm">
          <TextInput
            type="search"
            aria-label="Search products"
            placeholder="Search by name or SKU..."
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => onSearch(event.currentTarget.value)}
            w={{ base: '100%', sm: 340 }}
          />
          {shown && (
            <Text size="sm" c="ink.6" aria-live="polite">
              {shown.length === products.length
                ? `${products.length} ${products.length === 1 ? 'product' : 'products'}`
                : `${shown.length} of ${products.length} products`}
            </Text>
          )}
        </Group>
        {isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Could not load the products">
            <Group gap="sm">
              <Text size="sm">Please check your connection and try again.</Text>
              <Button size="xs" variant="default" onClick={() => void refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : (
          <ProductTable products={shown} isLoading={isPending} onDelete={onDelete} />
        )}
      </Card>

      <DeleteProductModal
        isOpen={isDeleteOpen}
        productName={toDelete?.name}
        isDeleting={deleteProduct.isPending}
        onConfirm={onConfirmDelete}
        onClose={deleteDialog.close}
      />
    </Stack>
  )
}
