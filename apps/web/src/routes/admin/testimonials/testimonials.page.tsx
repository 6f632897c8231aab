import { Button, Card, Stack } from '@mantine/core'
import type { Testimonial, TestimonialValues } from '@shop/schema/testimonials'
import { IconPlus } from '@tabler/icons-react'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useDialogTarget } from '../../../components/admin/use-dialog-target'
import { TestimonialFormDialog } from '../../../features/admin-testimonials/testimonial-form-dialog'
import { TestimonialTable } from '../../../features/admin-testimonials/testimonial-table'
import {
  useAdminTestimonials,
  useCreateTestimonial,
  useDeleteTestimonial,
  useUpdateTestimonial,
} from '../../../features/admin-testimonials/use-admin-testimonials'
import { usePageMeta } from '../../../features/shop/use-shop'

export function TestimonialsPage() {
  usePageMeta('Testimonials')
  const { data: testimonials, isPending, isError, refetch, isRefetching } = useAdminTestimonials()
  const create = useCreateTestimonial()
  const update = useUpdateTestimonial()
  // The form dialog's target is the testimonial being edited, or null when adding one.
  const formDialog = useDialogTarget<Testimonial>()
  const confirmDelete = useConfirmDelete<Testimonial>(useDeleteTestimonial())
  const editing = formDialog.target

  const onSave = (values: TestimonialValues) => {
    if (editing) update.mutate({ id: editing.id, ...values }, { onSuccess: formDialog.close })
    else create.mutate(values, { onSuccess: formDialog.close })
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Testimonials"
        subtitle="Customer reviews shown on the home page."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => formDialog.openFor(null)}>
            Add Testimonial
          </Button>
        }
      />
      <Card withBorder radius="md" p={{ base: 'xs', sm: 'lg' }}>
        {isError ? (
          <LoadErrorView
            message="The testimonials could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : (
          <TestimonialTable
            testimonials={testimonials}
            isLoading={isPending}
            onEdit={formDialog.openFor}
            onDelete={confirmDelete.ask}
          />
        )}
      </Card>
      <TestimonialFormDialog
        isOpen={formDialog.isOpen}
        testimonial={editing}
        isSaving={editing ? update.isPending : create.isPending}
        onClose={formDialog.close}
        onSubmit={onSave}
      />
      <ConfirmDeleteDialog title="Delete Testimonial" {...confirmDelete.dialogProps}>
        Are you sure you want to delete this testimonial? This action cannot be undone.
      </ConfirmDeleteDialog>
    </Stack>
  )
}
