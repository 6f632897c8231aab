import { Button, Group, Modal, Text } from '@mantine/core'

interface DeleteTestimonialDialogProps {
  isOpen: boolean
  isDeleting: boolean
  onCancel: () => void
  onConfirm: () => void
}

export function DeleteTestimonialDialog({ isOpen, isDeleting, onCancel, onConfirm }: DeleteTestimonialDialogProps) {
  return (
    <Modal
      opened={isOpen}
      onClose={onCancel}
      title="Delete Testimonial"
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      size="lg"
      centered
      closeOnClickOutside={!isDeleting}
      closeOnEscape={!isDeleting}
    >
      <Text size="sm">Are you sure you want to delete this testimonial? This action cannot be undone.</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="red.8" loading={isDeleting} onClick={onConfirm}>
          Delete
        </Button>
      </Group>
    </Modal>
  )
}
