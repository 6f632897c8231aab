import { Alert, Badge, Button, FileInput, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core'
import type { ProductImportAction, ProductImportResult } from '@shop/schema/products-csv'
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react'
import { useState } from 'react'
import { type ImportOutcome, planText, useApplyImport, useImportDryRun } from './use-products-csv'

// A file of thousands of rows is checked whole; the dialog lists its first rows and problems.
const SHOWN_ROWS = 200

// The dot variant keeps the label in the text colour, as ActiveBadge does (light badges are below 4.5:1).
const ACTION_BADGES: Record<ProductImportAction, { label: string; color: string }> = {
  create: { label: 'Create', color: 'green.7' },
  update: { label: 'Update', color: 'blue.7' },
  unchanged: { label: 'Unchanged', color: 'gray.6' },
}

function ErrorList({ report }: { report: ProductImportResult }) {
  const { errors } = report
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`${errors.length} ${errors.length === 1 ? 'problem' : 'problems'}: fix the file and choose it again`}
    >
      <ScrollArea.Autosize mah={220} type="auto">
        <Table fz="sm" verticalSpacing={4} aria-label="Problems in the file">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Problem</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.slice(0, SHOWN_ROWS).map((error, index) => (
              // Two problems may share a line and column only when the file as a whole is refused.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
              <Table.Tr key={index}>
                <Table.Td>{error.line ?? '–'}</Table.Td>
                <Table.Td ff="monospace">{error.column ?? '–'}</Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {errors.length > SHOWN_ROWS && (
        <Text size="sm" mt="xs">
          …and {errors.length - SHOWN_ROWS} more.
        </Text>
      )}
    </Alert>
  )
}

function RowTable({ report }: { report: ProductImportResult }) {
  const { rows } = report
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        {rows.length} {rows.length === 1 ? 'row' : 'rows'}: {planText(report)}
      </Text>
      <ScrollArea.Autosize mah={280} type="auto">
        <Table fz="sm" verticalSpacing={4} striped aria-label="Rows of the file">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>SKU</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.slice(0, SHOWN_ROWS).map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td ff="monospace">{row.sku}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  <Badge variant="dot" color={ACTION_BADGES[row.action].color} c="ink.9" radius="sm" miw="max-content">
                    {ACTION_BADGES[row.action].label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {rows.length > SHOWN_ROWS && (
        <Text size="sm" mt="xs" c="ink.7">
          The first {SHOWN_ROWS} rows are shown; every row is imported.
        </Text>
      )}
    </div>
  )
}

interface ProductImportDialogProps {
  isOpen: boolean
  onClose: () => void
}

/**
 * Import CSV: choose a file, read the dry run (each row's action, each problem with its line and column), then
 * apply it. Apply stays off while the file has problems; products the file does not name are left alone.
 */
export function ProductImportDialog({ isOpen, onClose }: ProductImportDialogProps) {
  const [file, setFile] = useState<File | null>(null)
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null)
  const dryRun = useImportDryRun()
  const apply = useApplyImport()
  const isBusy = dryRun.isPending || apply.isPending

  const reset = () => {
    setFile(null)
    setOutcome(null)
    onClose()
  }
  const close = () => {
    if (!isBusy) reset()
  }
  const choose = (chosen: File | null) => {
    setFile(chosen)
    setOutcome(null)
    if (chosen) dryRun.mutate(chosen, { onSuccess: setOutcome })
  }
  const applyFile = () => {
    if (!file) return
    apply.mutate(file, {
      onSuccess: (result) => {
        if (result.isRefused) setOutcome(result)
        else reset()
      },
    })
  }
  const report = outcome?.report
  const canApply = !!file && !!report && report.errors.length === 0 && report.rows.length > 0 && !isBusy

  return (
    <Modal
      opened={isOpen}
      onClose={close}
      title="Import products from CSV"
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      size="xl"
      centered
      closeOnClickOutside={!isBusy}
      closeOnEscape={!isBusy}
    >
      <Stack gap="md">
        <Text size="sm">
          Use the columns of Export CSV, one row per variant. A row updates the product or variant with its SKU, or
          creates one when the SKU is new. Products the file does not mention are left as they are.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          value={file}
          onChange={choose}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the chosen file' }}
          disabled={isBusy}
        />
        {dryRun.isPending && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Checking the file...</Text>
          </Group>
        )}
        {report && report.errors.length > 0 && <ErrorList report={report} />}
        {report && report.rows.length > 0 && <RowTable report={report} />}
        {report && report.errors.length === 0 && report.rows.length === 0 && (
          <Text size="sm">The file has no rows to import.</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={isBusy}>
            Cancel
          </Button>
          <Button onClick={applyFile} disabled={!canApply} loading={apply.isPending}>
            Apply import
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
