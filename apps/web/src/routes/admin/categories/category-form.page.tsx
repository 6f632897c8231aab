import { Card, Skeleton, Stack } from '@mantine/core'
import { IconFolderOff } from '@tabler/icons-react'
import { useNavigate, useParams } from 'react-router-dom'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { NotFoundView } from '../../../components/admin/not-found-view'
import { PageHeader } from '../../../components/admin/page-header'
import { CategoryForm, type CategoryFormValues } from '../../../features/admin-categories/category-form'
import {
  useAdminCategory,
  useCreateCategory,
  useUpdateCategory,
} from '../../../features/admin-categories/use-admin-categories'
import { usePageMeta } from '../../../features/shop/use-shop'
import { parseRouteId } from '../../../lib/route-id'

// Back to the list about half a second after a save, once the success toast is up.
const REDIRECT_DELAY_MS = 500
const LIST_PATH = '/admin/categories'

function FormSkeleton() {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="category-form-skeleton">
      <Stack gap="md">
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={110} />
        <Skeleton height={24} width={160} />
      </Stack>
    </Card>
  )
}

/** Create mode at /admin/categories/new, edit mode at /admin/categories/edit/:id. */
export function CategoryFormPage() {
  const params = useParams()
  const isEdit = params.id !== undefined
  const id = isEdit ? parseRouteId(params.id) : null
  const navigate = useNavigate()
  const category = useAdminCategory(id)
  const isNotFound = isEdit && category.isNotFound
  usePageMeta(isNotFound ? 'Category Not Found' : isEdit ? 'Edit Category' : 'Add Category')
  const create = useCreateCategory()
  const update = useUpdateCategory()
  const save = isEdit ? update : create

  const onSubmit = (values: CategoryFormValues) => {
    const onSuccess = () => {
      setTimeout(() => navigate(LIST_PATH), REDIRECT_DELAY_MS)
    }
    if (!isEdit) create.mutate(values, { onSuccess })
    else if (id !== null) update.mutate({ id, ...values }, { onSuccess })
  }

  const renderBody = () => {
    if (!isEdit) return <CategoryForm isSaving={save.isPending || save.isSuccess} onSubmit={onSubmit} />
    if (category.isError) {
      return (
        <Card withBorder padding="lg" radius="md">
          <LoadErrorView
            message="The category could not be loaded."
            onRetry={() => void category.refetch()}
            isRetrying={category.isRefetching}
          />
        </Card>
      )
    }
    if (!category.data) return <FormSkeleton />
    return (
      <CategoryForm
        key={category.data.id}
        category={category.data}
        isSaving={save.isPending || save.isSuccess}
        onSubmit={onSubmit}
      />
    )
  }

  if (isNotFound) {
    return (
      <NotFoundView
        title="Category Not Found"
        message="The category you're looking for doesn't exist or has been removed."
        icon={IconFolderOff}
        back={{ to: LIST_PATH, label: 'Back to Categories' }}
      />
    )
  }

  return (
    <Stack gap="lg" maw={1040}>
      <PageHeader
        title={isEdit ? 'Edit Category' : 'Add Category'}
        subtitle={
          isEdit
            ? 'Update the name, address, image and visibility of this category.'
            : 'Create a new collection for the shop.'
        }
        back={{ to: LIST_PATH, label: 'Back to categories' }}
      />
      {renderBody()}
    </Stack>
  )
}
