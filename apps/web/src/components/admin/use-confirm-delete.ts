import { useDialogTarget } from './use-dialog-target'

/** The part of a delete mutation (useMutation) that the dialog drives. */
interface DeleteMutation {
  mutate: (input: { id: number }, options: { onSettled: () => void }) => void
  isPending: boolean
}

/**
 * Asks before a delete: `ask(record)` opens the dialog, whose props (`dialogProps`, for ConfirmDeleteDialog) run
 * the mutation on Delete. The dialog closes once the delete has ended, failed or not: its toast says how it went.
 */
export function useConfirmDelete<T extends { id: number }>(remove: DeleteMutation) {
  const dialog = useDialogTarget<T>()
  const onConfirm = () => {
    if (dialog.target) remove.mutate({ id: dialog.target.id }, { onSettled: dialog.close })
  }
  return {
    ask: dialog.openFor,
    /** The record asked about; kept while the dialog fades out. */
    target: dialog.target,
    dialogProps: { isOpen: dialog.isOpen, isDeleting: remove.isPending, onCancel: dialog.close, onConfirm },
  }
}
