import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { Link } from 'react-router-dom'
import { ActiveBadge } from '../../components/active-badge'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { editAndDeleteActions } from '../../components/admin/row-actions'
import { FallbackImage } from '../../components/fallback-image'
import { formatMoney } from '../../lib/format'
import { isLowStock } from './product-values'

function StockCell({ product }: { product: Product }) {
  const isLow = isLowStock(product)
  return (
    <Text size="sm" c={isLow ? 'red.8' : undefined} fw={isLow ? 700 : undefined}>
      {product.stock}
      {isLow && <VisuallyHidden> (at or below the minimum of {product.minStock})</VisuallyHidden>}
    </Text>
  )
}

const COLUMNS: ResourceColumn<Product>[] = [
  {
    header: 'Product',
    render: (product) => (
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
        <Anchor component={Link} to={`/admin/products/edit/${product.id}`} size="sm" fw={600} c="black" lineClamp={2}>
          {product.name}
        </Anchor>
      </Group>
    ),
  },
  {
    header: 'SKU',
    render: (product) => (
      <Text size="sm" ff="monospace" c="ink.7">
        {product.sku}
      </Text>
    ),
  },
  {
    header: 'Category',
    render: (product) => (
      <Text size="sm" c={product.categoryName ? undefined : 'ink.6'}>
        {product.categoryName ?? 'Uncategorized'}
      </Text>
    ),
  },
  {
    header: 'Price',
    layout: { ta: 'right' },
    cellProps: { style: { whiteSpace: 'nowrap' } },
    render: (product) => formatMoney(product.price),
  },
  { header: 'Stock', layout: { ta: 'right' }, render: (product) => <StockCell product={product} /> },
  { header: 'Status', render: (product) => <ActiveBadge isActive={product.active} /> },
]

export interface ProductTableProps {
  products: Product[] | undefined
  isLoading: boolean
  onDelete: (product: Product) => void
}

export function ProductTable({ products, isLoading, onDelete }: ProductTableProps) {
  return (
    <ResourceTable
      columns={COLUMNS}
      rows={products}
      isLoading={isLoading}
      rowKey={(product) => product.id}
      skeletonRows={5}
      skeletonHeight={40}
      emptyText="No products found."
      minWidth={760}
      actions={{
        of: (product) =>
          editAndDeleteActions(product.name, `/admin/products/edit/${product.id}`, () => onDelete(product)),
        isHeaderVisible: true,
      }}
    />
  )
}
