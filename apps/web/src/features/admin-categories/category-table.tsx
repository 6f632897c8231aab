import { ActionIcon, Group, Skeleton, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import type { Category } from '@shop/schema/categories'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { ActiveBadge } from '../../components/active-badge'
import { FallbackImage, STOCK_IMAGE } from '../../components/fallback-image'

const SKELETON_ROWS = 5

interface CategoryTableProps {
  categories: Category[] | undefined
  isLoading: boolean
  onDelete: (category: Category) => void
}

export function CategoryTable({ categories, isLoading, onDelete }: CategoryTableProps) {
  return (
    <>
      <Table.ScrollContainer minWidth={300}>
        <Table verticalSpacing="sm" horizontalSpacing={6} highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>Image</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th visibleFrom="sm">Slug</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th w={80}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Tr key={i} data-testid="category-skeleton">
                    <Table.Td>
                      <Skeleton height={40} width={40} radius="sm" />
                    </Table.Td>
                    <Table.Td colSpan={4}>
                      <Skeleton height={20} maw={600} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : categories?.map((category) => (
                  <Table.Tr key={category.id}>
                    <Table.Td>
                      <FallbackImage
                        src={category.imageUrl}
                        fallback={STOCK_IMAGE}
                        alt=""
                        w={40}
                        h={40}
                        radius="sm"
                        fit="cover"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {category.name}
                      </Text>
                      {category.description && (
                        <Text size="xs" c="ink.6" lineClamp={1} maw={360} visibleFrom="sm">
                          {category.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" ff="monospace" c="ink.7">
                        {category.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ActiveBadge isActive={category.active} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Edit">
                          <ActionIcon
                            component={Link}
                            to={`/admin/categories/edit/${category.id}`}
                            variant="subtle"
                            color="dark"
                            aria-label={`Edit ${category.name}`}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red.8"
                            aria-label={`Delete ${category.name}`}
                            onClick={() => onDelete(category)}
                          >
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!isLoading && categories?.length === 0 && (
        <Text c="ink.6" ta="center" py="md">
          No categories found.
        </Text>
      )}
    </>
  )
}
