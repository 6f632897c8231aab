import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import type { Product, ProductValues } from '@shop/schema/products'
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { AdminProductNotFound } from '../../../features/admin-products/admin-product-not-found'
import { ProductForm } from '../../../features/admin-products/product-form'
import { toFormValues } from '../../../features/admin-products/product-values'
import {
  useAdminProduct,
  useCreateProduct,
  useProductCategories,
  useUpdateProduct,
} from '../../../features/admin-products/use-admin-products'
import { parseProductId } from '../../../features/product/product'
import { usePageMeta } from '../../../features/shop/use-shop'

const LIST_PATH = '/admin/products'

function FormSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md" aria-busy="true" aria-label="Loading the product">
      <Stack gap="md">
        <Skeleton height={28} width={160} />
        <Skeleton height={36} />
        <Skeleton height={96} />
        <Skeleton height={36} />
        <Skeleton height={36} />
      </Stack>
    </Card>
  )
}

/** Create mode at /admin/products/new, edit mode at /admin/products/edit/:id (spec point 2). */
export function ProductFormPage() {
  const params = useParams()
  const isEdit = params.id !== undefined
  const id = isEdit ? parseProductId(params.id) : null
  usePageMeta(isEdit ? 'Edit Product' : 'New Product')
  const navigate = useNavigate()
  const { data: categories } = useProductCategories()
  const product = useAdminProduct(id)
  const create = useCreateProduct()
  const update = useUpdateProduct()
  const toList = () => navigate(LIST_PATH)

  const onSubmit = (values: ProductValues) => {
    if (!isEdit) create.mutate(values, { onSuccess: toList })
    else if (id !== null) update.mutate({ id, ...values }, { onSuccess: toList })
  }

  const form = (initial?: Product) => (
    <ProductForm
      key={initial?.id ?? 'new'}
      initialValues={toFormValues(initial)}
      categories={categories}
      submitLabel={isEdit ? 'Update Product' : 'Create Product'}
      isSubmitting={create.isPending || update.isPending}
      onSubmit={onSubmit}
    />
  )

  if (isEdit && product.isNotFound) {
    return (
      <Stack gap="lg">
        <AdminProductNotFound />
      </Stack>
    )
  }

  return (
    <Stack gap="lg">
      <div>
        <Anchor component={Link} to={LIST_PATH} size="sm" c="gold.8">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            Back to Products
          </Group>
        </Anchor>
        <Title order={1} fz={32} mt={4}>
          {isEdit ? 'Edit Product' : 'New Product'}
        </Title>
        <Text c="ink.6" size="sm">
          {isEdit
            ? (product.data?.name ?? 'Change the details, images, stock or visibility of a product.')
            : 'Add a piece to your catalog.'}
        </Text>
      </div>
      {!isEdit ? (
        form()
      ) : product.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Could not load the product">
          <Group gap="sm">
            <Text size="sm">Please check your connection and try again.</Text>
            <Button size="xs" variant="default" onClick={() => void product.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : product.data ? (
        form(product.data)
      ) : (
        <FormSkeleton />
      )}
    </Stack>
  )
}
