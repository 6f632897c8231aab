import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { Testimonial, TestimonialValues } from '@shop/schema/testimonials'
import { IconPlus } from '@tabler/icons-react'
import { useState } from 'react'
import { DeleteTestimonialDialog } from '../../../features/admin-testimonials/delete-testimonial-dialog'
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
  const { data: testimonials, isPending, isError, refetch } = useAdminTestimonials()
  const create = useCreateTestimonial()
  const update = useUpdateTestimonial()
  const remove = useDeleteTestimonial()
  const [isFormOpen, formDialog] = useDisclosure(false)
  const [isDeleteOpen, deleteDialog] = useDisclosure(false)
  // Kept after a dialog closes, so its text does not change while it fades out.
  const [editing, setEditing] = useState<Testimonial | null>(null)
  const [deleting, setDeleting] = useState<Testimonial | null>(null)

  const openAdd = () => {
    setEditing(null)
    formDialog.open()
  }

  const openEdit = (testimonial: Testimonial) => {
    setEditing(testimonial)
    formDialog.open()
  }

  const askToDelete = (testimonial: Testimonial) => {
    setDeleting(testimonial)
    deleteDialog.open()
  }

  const onSave = (values: TestimonialValues) => {
    if (editing) update.mutate({ id: editing.id, ...values }, { onSuccess: formDialog.close })
    else create.mutate(values, { onSuccess: formDialog.close })
  }

  const onConfirmDelete = () => {
    if (deleting) remove.mutate({ id: deleting.id }, { onSettled: deleteDialog.close })
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={32}>
            Testimonials
          </Title>
          <Text c="ink.6" size="sm">
            Customer reviews shown on the home page.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
          Add Testimonial
        </Button>
      </Group>

      <Card withBorder radius="md" p={{ base: 'xs', sm: 'lg' }}>
        {isError ? (
          <Stack align="center" gap="xs" py="lg">
            <Text c="red.8">The testimonials could not be loaded.</Text>
            <Button variant="default" size="xs" onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        ) : (
          <TestimonialTable
            testimonials={testimonials}
            isLoading={isPending}
            onEdit={openEdit}
            onDelete={askToDelete}
          />
        )}
      </Card>

      <TestimonialFormDialog
        isOpen={isFormOpen}
        testimonial={editing}
        isSaving={editing ? update.isPending : create.isPending}
        onClose={formDialog.close}
        onSubmit={onSave}
      />
      <DeleteTestimonialDialog
        isOpen={isDeleteOpen}
        isDeleting={remove.isPending}
        onCancel={deleteDialog.close}
        onConfirm={onConfirmDelete}
      />
    </Stack>
  )
}
