import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core'
import type { Product } from '@shop/schema/products'
import { Link } from 'react-router-dom'
import { ActiveBadge } from '../../components/active-badge'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { editAndDeleteActions } from '../../components/admin/row-actions'
import { ResponsiveImage } from '../../components/responsive-image'
import { Money } from '../shop/use-format-money'
import { isLowStock } from './product-values'

function StockCell({ product }: { product: Product }) {
  const isLow = isLowStock(product)
  const hasOptions = product.options.length > 0
  return (
    <Text size="sm" c={isLow ? 'red.8' : undefined} fw={isLow ? 700 : undefined}>
      {product.stock}
      {isLow && (
        <VisuallyHidden>
          {hasOptions ? ' (a variant is at or below its minimum)' : ` (at or below the minimum of ${product.minStock})`}
        </VisuallyHidden>
      )}
    </Text>
  )
}

/** "5 variants" for a product with options; nothing for a product sold in one form. */
function variantCount(product: Product): string | null {
  if (product.options.length === 0) return null
  const count = product.variants.length
  return `${count} ${count === 1 ? 'variant' : 'variants'}`
}

const COLUMNS: ResourceColumn<Product>[] = [
  {
    header: 'Product',
    render: (product) => (
      <Group gap="sm" wrap="nowrap">
        <ResponsiveImage
          src={product.imageUrls[0]}
          sizes="40px"
          alt=""
          w={40}
          h={40}
          radius="sm"
          fit="cover"
          style={{ flexShrink: 0 }}
        />
        <div>
          <Anchor component={Link} to={`/admin/products/edit/${product.id}`} size="sm" fw={600} c="black" lineClamp={2}>
            {product.name}
          </Anchor>
          {variantCount(product) && (
            <Text size="xs" c="ink.7">
              {variantCount(product)}
            </Text>
          )}
        </div>
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
    render: (product) => <Money value={product.price} />,
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
