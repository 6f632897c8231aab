import { Button, Group, Modal, Text } from '@mantine/core'

export function DeleteOrderModal({
  orderNumber,
  isOpen,
  isDeleting,
  onClose,
  onConfirm,
}: {
  orderNumber: string | undefined
  isOpen: boolean
  isDeleting: boolean
  onClose: () => void
  onConfirm: () => void
}) {
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      size="lg"
      centered
      title={
        <Text fw={600} size="lg">
          Are you sure?
        </Text>
      }
      closeOnClickOutside={!isDeleting}
      closeOnEscape={!isDeleting}
    >
      <Text size="sm" c="ink.7">
        This will permanently delete order {orderNumber}. This action cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="red.8" onClick={onConfirm} disabled={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Delete'}
        </Button>
      </Group>
    </Modal>
  )
}
