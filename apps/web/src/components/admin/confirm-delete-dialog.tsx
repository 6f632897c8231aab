import { Button, Group, Modal, Text } from '@mantine/core'
import type { ReactNode } from 'react'

interface ConfirmDeleteDialogProps {
  isOpen: boolean
  title: string
  /** The question, naming what goes; keep its record after closing, so the text does not change as it fades out. */
  children: ReactNode
  isDeleting: boolean
  onCancel: () => void
  onConfirm: () => void
}

/** Asks before a delete; while it runs the dialog stays open and Delete reads 'Deleting...'. */
export function ConfirmDeleteDialog({
  isOpen,
  title,
  children,
  isDeleting,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps) {
  const close = () => {
    if (!isDeleting) onCancel()
  }
  return (
    <Modal
      opened={isOpen}
      onClose={close}
      title={title}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
      // Confirm dialogs use the large width (max-w-lg).
      size="lg"
      centered
      closeOnClickOutside={!isDeleting}
      closeOnEscape={!isDeleting}
    >
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={close} disabled={isDeleting}>
          Cancel
        </Button>
        <Button color="red.8" onClick={onConfirm} disabled={isDeleting}>
          {isDeleting ? 'Deleting...' : 'Delete'}
        </Button>
      </Group>
    </Modal>
  )
}
