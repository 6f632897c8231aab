import { Card, Skeleton, Stack } from '@mantine/core'
import type { Product, ProductValues } from '@shop/schema/products'
import { IconPackageOff } from '@tabler/icons-react'
import { useNavigate, useParams } from 'react-router-dom'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { NotFoundView } from '../../../components/admin/not-found-view'
import { PageHeader } from '../../../components/admin/page-header'
import { ProductForm } from '../../../features/admin-products/product-form'
import { toFormValues } from '../../../features/admin-products/product-values'
import {
  useAdminProduct,
  useCreateProduct,
  useProductCategories,
  useUpdateProduct,
} from '../../../features/admin-products/use-admin-products'
import { usePageMeta } from '../../../features/shop/use-shop'
import { parseRouteId } from '../../../lib/route-id'

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

/** Create mode at /admin/products/new, edit mode at /admin/products/edit/:id. */
export function ProductFormPage() {
  const params = useParams()
  const isEdit = params.id !== undefined
  const id = isEdit ? parseRouteId(params.id) : null
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

  const renderBody = () => {
    if (!isEdit) return form()
    if (product.isError) {
      return (
        <Card withBorder padding="lg" radius="md">
          <LoadErrorView
            message="The product could not be loaded."
            onRetry={() => void product.refetch()}
            isRetrying={product.isRefetching}
          />
        </Card>
      )
    }
    return product.data ? form(product.data) : <FormSkeleton />
  }

  if (isEdit && product.isNotFound) {
    return (
      <NotFoundView
        title="Product Not Found"
        message="The product you're looking for doesn't exist or has been removed."
        icon={IconPackageOff}
        back={{ to: LIST_PATH, label: 'Back to Products' }}
      />
    )
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={isEdit ? 'Edit Product' : 'New Product'}
        subtitle={
          isEdit
            ? (product.data?.name ?? 'Change the details, images, stock or visibility of a product.')
            : 'Add a piece to your catalog.'
        }
        back={{ to: LIST_PATH, label: 'Back to Products' }}
      />
      {renderBody()}
    </Stack>
  )
}
