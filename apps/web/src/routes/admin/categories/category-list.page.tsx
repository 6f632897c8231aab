import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { Category } from '@shop/schema/categories'
import { IconPlus, IconSearch } from '@tabler/icons-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { CategoryTable } from '../../../features/admin-categories/category-table'
import { DeleteCategoryDialog } from '../../../features/admin-categories/delete-category-dialog'
import { useAdminCategories, useDeleteCategory } from '../../../features/admin-categories/use-admin-categories'
import { usePageMeta } from '../../../features/shop/use-shop'

/** Case-insensitive substring match on name or slug. */
function matchesSearch(category: Category, search: string) {
  const needle = search.trim().toLowerCase()
  return !needle || category.name.toLowerCase().includes(needle) || category.slug.toLowerCase().includes(needle)
}

export function CategoryListPage() {
  usePageMeta('Categories')
  const [searchParams, setSearchParams] = useSearchParams()
  const search = searchParams.get('q') ?? ''
  const { data: categories, isPending, isError, refetch } = useAdminCategories()
  const deleteCategory = useDeleteCategory()
  const [isDialogOpen, dialog] = useDisclosure(false)
  const [target, setTarget] = useState<Category | null>(null)

  const onSearch = (value: string) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params)
        if (value) next.set('q', value)
        else next.delete('q')
        return next
      },
      { replace: true },
    )

  const askToDelete = (category: Category) => {
    setTarget(category)
    dialog.open()
  }

  const onConfirmDelete = (category: Category) =>
    deleteCategory.mutate({ id: category.id }, { onSettled: dialog.close })

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={32}>
            Categories
          </Title>
          <Text c="ink.6" size="sm">
            Organize the collections shown in the shop.
          </Text>
        </div>
        <Button component={Link} to="/admin/categories/new" leftSection={<IconPlus size={16} />}>
          Add Category
        </Button>
      </Group>

      <Card withBorder radius="md" p={{ base: 'xs', sm: 'lg' }}>
        <TextInput
          placeholder="Search by name or slug..."
          aria-label="Search categories"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          maw={{ base: '100%', sm: 360 }}
          mb="md"
          type="search"
        />
        {isError ? (
          <Stack align="center" gap="xs" py="lg">
            <Text c="red.8">The categories could not be loaded.</Text>
            <Button variant="default" size="xs" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <CategoryTable
            categories={categories?.filter((category) => matchesSearch(category, search))}
            isLoading={isPending}
            onDelete={askToDelete}
          />
        )}
      </Card>

      <DeleteCategoryDialog
        isOpen={isDialogOpen}
        category={target}
        isDeleting={deleteCategory.isPending}
        onCancel={dialog.close}
        onConfirm={onConfirmDelete}
      />
    </Stack>
  )
}
