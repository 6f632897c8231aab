import { Button, Group, Modal, Text } from '@mantine/core'
import type { Category } from '@shop/schema/categories'

interface DeleteCategoryDialogProps {
  isOpen: boolean
  /** The category to delete; kept while the dialog closes so its name does not vanish mid-animation. */
  category: Category | null
  isDeleting: boolean
  onCancel: () => void
  onConfirm: (category: Category) => void
}

export function DeleteCategoryDialog({ isOpen, category, isDeleting, onCancel, onConfirm }: DeleteCategoryDialogProps) {
  return (
    <Modal
      opened={isOpen}
      onClose={onCancel}
      title="Delete category"
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      size="lg"
      centered
      closeOnClickOutside={!isDeleting}
      closeOnEscape={!isDeleting}
    >
      <Text size="sm">
        Are you sure you want to delete the category <strong>{category?.name}</strong>? This action cannot be undone.
      </Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="red.8" loading={isDeleting} onClick={() => category && onConfirm(category)}>
          Delete
        </Button>
      </Group>
    </Modal>
  )
}
