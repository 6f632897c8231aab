import { Button, Card, Center, Loader, Stack, Text, Title } from '@mantine/core'
import { IconAlertTriangle, IconArrowLeft, IconDownload } from '@tabler/icons-react'
import { Link, useParams } from 'react-router-dom'
import { PageHeader } from '../../../components/admin/page-header'
import { useAdminOrder } from '../../../features/admin-orders/use-admin-orders'
import { invoiceErrorText, useInvoice, useObjectUrl } from '../../../features/admin-orders/use-invoice'
import { usePageMeta } from '../../../features/shop/use-shop'
import { parseRouteId } from '../../../lib/route-id'

const FRAME_HEIGHT = 'max(480px, calc(100dvh - 210px))'

export function OrderInvoicePage() {
  const id = parseRouteId(useParams().id)
  const { data: order, isPending: isOrderPending } = useAdminOrder(id)
  const invoice = useInvoice(id)
  // An empty answer is no document at all.
  const pdf = invoice.data && invoice.data.size > 0 ? invoice.data : undefined
  const url = useObjectUrl(pdf)
  const orderNumber = order?.orderNumber
  const title = orderNumber ? `Invoice ${orderNumber}` : 'Invoice'
  usePageMeta(title)
  const backToOrder = id === null ? '/admin/orders' : `/admin/orders/${id}`

  return (
    <Stack gap="lg">
      <PageHeader
        title={title}
        subtitle="Preview, print or download the PDF."
        isTitleLoading={!order && isOrderPending && id !== null}
        // On failure the message carries its own way back and there is nothing to download.
        actions={
          !invoice.isError && (
            <>
              {url && orderNumber ? (
                <Button
                  component="a"
                  href={url}
                  download={`invoice-${orderNumber}.pdf`}
                  leftSection={<IconDownload size={16} />}
                >
                  Download
                </Button>
              ) : (
                <Button disabled leftSection={<IconDownload size={16} />}>
                  Download
                </Button>
              )}
              <Button component={Link} to={backToOrder} variant="default" leftSection={<IconArrowLeft size={16} />}>
                Back to Order
              </Button>
            </>
          )
        }
      />
      <Card withBorder padding={0} radius="md">
        {invoice.isError ? (
          <Stack align="center" gap="sm" ta="center" py={56} px="lg">
            <IconAlertTriangle size={36} stroke={1.5} color="var(--mantine-color-red-8)" aria-hidden />
            <Title order={2} fz="xl">
              Failed to Generate Invoice
            </Title>
            <Text c="ink.7" size="sm">
              {invoiceErrorText(invoice.error)}
            </Text>
            <Button component={Link} to={backToOrder} variant="default" mt="xs">
              Back to Order
            </Button>
          </Stack>
        ) : invoice.isLoading || (pdf && !url) ? (
          <Center h={FRAME_HEIGHT}>
            <Stack align="center" gap="sm">
              <Loader color="gold" />
              <Text c="ink.7" size="sm">
                Generating invoice...
              </Text>
            </Stack>
          </Center>
        ) : url ? (
          <iframe
            src={url}
            title={title}
            style={{ display: 'block', width: '100%', height: FRAME_HEIGHT, border: 0 }}
          />
        ) : (
          <Text c="ink.6" ta="center" py={56}>
            No invoice available.
          </Text>
        )}
      </Card>
    </Stack>
  )
}
