import { ActionIcon, Anchor, Group, Skeleton, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { IconPencil, IconTrash } from '@tabler/icons-react'
import { Link } from 'react-router-dom'
import { ActiveBadge } from '../../components/active-badge'
import { FallbackImage } from '../../components/fallback-image'
import { formatMoney } from '../../lib/format'
import { isLowStock } from './product-values'

const SKELETON_ROWS = 5
const COLUMNS = 7

export interface ProductTableProps {
  products: Product[] | undefined
  isLoading: boolean
  onDelete: (product: Product) => void
}

export function ProductTable({ products, isLoading, onDelete }: ProductTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Stock</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isLoading ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Table.Tr key={i} data-testid="product-row-skeleton">
                <Table.Td colSpan={COLUMNS}>
                  <Skeleton height={40} />
                </Table.Td>
              </Table.Tr>
            ))
          ) : products?.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS}>
                <Text c="ink.6" ta="center" py="lg">
                  No products found.
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            products?.map((product) => {
              const isLow = isLowStock(product)
              return (
                <Table.Tr key={product.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <FallbackImage
                        src={product.imageUrls[0]}
                        alt=""
                        w={40}
                        h={40}
                        radius="sm"
                        fit="cover"
                        style={{ flexShrink: 0 }}
                      />
                      <Anchor
                        component={Link}
                        to={`/admin/products/edit/${product.id}`}
                        size="sm"
                        fw={600}
                        c="black"
                        lineClamp={2}
                      >
                        {product.name}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" c="ink.7">
                      {product.sku}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={product.categoryName ? undefined : 'ink.6'}>
                      {product.categoryName ?? 'Uncategorized'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(product.price)}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" c={isLow ? 'red.8' : undefined} fw={isLow ? 700 : undefined}>
                      {product.stock}
                      {isLow && <VisuallyHidden> (at or below the minimum of {product.minStock})</VisuallyHidden>}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <ActiveBadge isActive={product.active} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label="Edit">
                        <ActionIcon
                          component={Link}
                          to={`/admin/products/edit/${product.id}`}
                          variant="subtle"
                          color="dark"
                          aria-label={`Edit ${product.name}`}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red.8"
                          onClick={() => onDelete(product)}
                          aria-label={`Delete ${product.name}`}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
