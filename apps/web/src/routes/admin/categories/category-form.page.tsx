import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core'
import { ZId } from '@shop/schema/common'
import { IconArrowLeft } from '@tabler/icons-react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { CategoryForm, type CategoryFormValues } from '../../../features/admin-categories/category-form'
import {
  useAdminCategory,
  useCreateCategory,
  useUpdateCategory,
} from '../../../features/admin-categories/use-admin-categories'
import { usePageMeta } from '../../../features/shop/use-shop'

// Spec points 4 and 9: back to the list about half a second after a save, once the success toast is up.
const REDIRECT_DELAY_MS = 500
const LIST_PATH = '/admin/categories'

function BackLink() {
  return (
    <Button
      component={Link}
      to={LIST_PATH}
      variant="subtle"
      color="dark"
      size="xs"
      leftSection={<IconArrowLeft size={14} />}
    >
      Back to categories
    </Button>
  )
}

function CategoryNotFound() {
  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <BackLink />
      </div>
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="xs" ta="center">
          <Title order={1} fz={28}>
            Category Not Found
          </Title>
          <Text c="ink.6" size="sm">
            The category you're looking for doesn't exist or has been removed.
          </Text>
          <Button component={Link} to={LIST_PATH} variant="default" mt="sm">
            Back to Categories
          </Button>
        </Stack>
      </Card>
    </Stack>
  )
}

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

export function CategoryFormPage() {
  const { id: rawId } = useParams()
  const isEdit = rawId !== undefined
  const parsedId = ZId.safeParse(rawId)
  const id = parsedId.success ? parsedId.data : undefined
  const navigate = useNavigate()
  const category = useAdminCategory(id)
  const isNotFound = isEdit && (id === undefined || category.isNotFound)
  usePageMeta(isNotFound ? 'Category Not Found' : isEdit ? 'Edit Category' : 'Add Category')
  const create = useCreateCategory()
  const update = useUpdateCategory()
  const save = isEdit ? update : create

  const onSubmit = (values: CategoryFormValues) => {
    const onSuccess = () => {
      setTimeout(() => navigate(LIST_PATH), REDIRECT_DELAY_MS)
    }
    if (id !== undefined) update.mutate({ id, ...values }, { onSuccess })
    else create.mutate(values, { onSuccess })
  }

  const renderBody = () => {
    if (!isEdit) return <CategoryForm isSaving={save.isPending || save.isSuccess} onSubmit={onSubmit} />
    if (category.isError) {
      return (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Text c="red.8">The category could not be loaded.</Text>
            <Button variant="default" size="xs" onClick={() => void category.refetch()}>
              Try again
            </Button>
          </Stack>
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

  if (isNotFound) return <CategoryNotFound />

  return (
    <Stack gap="lg" maw={1040}>
      <div>
        <BackLink />
        <Title order={1} fz={32} mt={4}>
          {isEdit ? 'Edit Category' : 'Add Category'}
        </Title>
        <Text c="ink.6" size="sm">
          {isEdit
            ? 'Update the name, address, image and visibility of this category.'
            : 'Create a new collection for the shop.'}
        </Text>
      </div>
      {renderBody()}
    </Stack>
  )
}
