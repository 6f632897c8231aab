import { Button, Group, Modal, Text } from '@mantine/core'

export interface DeleteProductModalProps {
  isOpen: boolean
  /** Kept while the dialog closes, so its text does not change during the transition. */
  productName: string | undefined
  isDeleting: boolean
  onConfirm: () => void
  onClose: () => void
}

export function DeleteProductModal({ isOpen, productName, isDeleting, onConfirm, onClose }: DeleteProductModalProps) {
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      title="Delete product"
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      centered
      closeOnClickOutside={!isDeleting}
      closeOnEscape={!isDeleting}
    >
      <Text size="sm">
        Are you sure you want to delete{' '}
        <Text span fw={600}>
          {productName}
        </Text>
        ? This action cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onClose} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="red.8" onClick={onConfirm} loading={isDeleting}>
          Delete
        </Button>
      </Group>
    </Modal>
  )
}
