import { Button, Card, Flex, Stack } from '@mantine/core'
import type { Testimonial, TestimonialSort, TestimonialValues } from '@shop/schema/testimonials'
import { IconPlus } from '@tabler/icons-react'
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog'
import { type FilterOption, FilterSelect, useChoiceParam, valuesOf } from '../../../components/admin/filter-select'
import { ListPager } from '../../../components/admin/list-pager'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { SearchField } from '../../../components/admin/search-field'
import { useConfirmDelete } from '../../../components/admin/use-confirm-delete'
import { useDialogTarget } from '../../../components/admin/use-dialog-target'
import { useListPage } from '../../../components/admin/use-list-page'
import { TestimonialFormDialog } from '../../../features/admin-testimonials/testimonial-form-dialog'
import { TestimonialTable } from '../../../features/admin-testimonials/testimonial-table'
import {
  useAdminTestimonialPage,
  useCreateTestimonial,
  useDeleteTestimonial,
  useUpdateTestimonial,
} from '../../../features/admin-testimonials/use-admin-testimonials'
import { usePageMeta } from '../../../features/shop/use-shop'

const TESTIMONIALS_PER_PAGE = 25
const STATUS_OPTIONS: FilterOption<'active' | 'inactive'>[] = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
]
const FEATURED_OPTIONS: FilterOption<'true' | 'false'>[] = [
  { value: 'true', label: 'Featured' },
  { value: 'false', label: 'Not featured' },
]
// Newest first unless chosen otherwise.
const SORT_OPTIONS: FilterOption<Exclude<TestimonialSort, 'newest'>>[] = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'rating-desc', label: 'Highest rating' },
  { value: 'rating-asc', label: 'Lowest rating' },
  { value: 'name', label: 'Name A–Z' },
]

export function TestimonialsPage() {
  usePageMeta('Testimonials')
  // The server searches (name, content, location), filters and pages; the choices stay in the URL.
  const { page, setPage, search } = useListPage()
  const status = useChoiceParam('status', valuesOf(STATUS_OPTIONS))
  const featured = useChoiceParam('featured', valuesOf(FEATURED_OPTIONS))
  const sort = useChoiceParam('sort', valuesOf(SORT_OPTIONS))
  const { data, isPending, isError, refetch, isRefetching } = useAdminTestimonialPage({
    page,
    pageSize: TESTIMONIALS_PER_PAGE,
    q: search || undefined,
    status,
    featured,
    sort,
  })
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
        <Flex direction={{ base: 'column', md: 'row' }} gap="sm" mb="md">
          <SearchField
            label="Search testimonials"
            placeholder="Search by name, content or location..."
            style={{ flex: 1 }}
          />
          <FilterSelect
            label="Filter by status"
            param="status"
            defaultLabel="All statuses"
            options={STATUS_OPTIONS}
            w={{ base: '100%', md: 150 }}
          />
          <FilterSelect
            label="Filter by featured"
            param="featured"
            defaultLabel="Featured: any"
            options={FEATURED_OPTIONS}
            w={{ base: '100%', md: 160 }}
          />
          <FilterSelect
            label="Sort testimonials"
            param="sort"
            defaultLabel="Newest first"
            options={SORT_OPTIONS}
            w={{ base: '100%', md: 160 }}
          />
        </Flex>
        {isError ? (
          <LoadErrorView
            message="The testimonials could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : (
          <>
            <TestimonialTable
              testimonials={data?.items}
              isLoading={isPending}
              isFiltered={Boolean(search || status || featured)}
              onEdit={formDialog.openFor}
              onDelete={confirmDelete.ask}
            />
            <ListPager
              page={page}
              pageSize={TESTIMONIALS_PER_PAGE}
              total={data?.total}
              noun="testimonials"
              onChange={setPage}
            />
          </>
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
