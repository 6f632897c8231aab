import { Anchor, Group, Menu } from '@mantine/core'
import { API_PREFIX, rawRoutes } from '@shop/schema/routes'
import { IconChevronDown, IconFileSpreadsheet } from '@tabler/icons-react'
import { orderExportUrl } from '../admin-orders/order-export'

// Every product, whatever the Products screen's filters (docs/decisions/0007-products-csv.md).
const PRODUCTS_EXPORT_URL = `${API_PREFIX}${rawRoutes.productsExport.path}`

/**
 * The dashboard's "Export Reports" (spec: a link in the header) opens the shop's CSV downloads. Each is a plain link:
 * the browser sends the session cookie and saves the streamed file itself. The orders' file holds customer data and
 * is the owner's (the server refuses staff), so staff are not offered it.
 */
export function ExportReportsMenu({ isOwner }: { isOwner: boolean }) {
  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Anchor component="button" type="button" size="sm" c="gold.8">
          <Group gap={4} component="span" wrap="nowrap">
            Export Reports
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </Anchor>
      </Menu.Target>
      <Menu.Dropdown>
        {isOwner && (
          <Menu.Item
            component="a"
            href={orderExportUrl()}
            download
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          >
            Orders (CSV)
          </Menu.Item>
        )}
        <Menu.Item
          component="a"
          href={PRODUCTS_EXPORT_URL}
          download
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        >
          Products (CSV)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
