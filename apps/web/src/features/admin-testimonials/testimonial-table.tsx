import { Avatar, Group, Skeleton, Text, ThemeIcon } from '@mantine/core'
import { testimonialInitials } from '@shop/schema/display'
import type { Testimonial } from '@shop/schema/testimonials'
import { IconCheck, IconX } from '@tabler/icons-react'
import { ActiveBadge } from '../../components/active-badge'
import { type ResourceColumn, ResourceTable } from '../../components/admin/resource-table'
import { editAndDeleteActions } from '../../components/admin/row-actions'
import { RatingStars } from './rating-stars'

// An unset (null) flag reads as active and not featured.
const isActive = (testimonial: Testimonial) => testimonial.active ?? true
const isFeatured = (testimonial: Testimonial) => testimonial.featured ?? false

const COLUMNS: ResourceColumn<Testimonial>[] = [
  {
    header: 'Name',
    skeleton: <Skeleton height={36} circle />,
    render: (testimonial) => (
      <Group gap="sm" wrap="nowrap">
        <Avatar src={testimonial.avatarUrl} alt="" aria-hidden radius="xl" size={36} color="gold">
          {testimonialInitials(testimonial.name)}
        </Avatar>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {testimonial.name}
        </Text>
      </Group>
    ),
  },
  {
    header: 'Content',
    cellProps: { maw: 340 },
    skeleton: <Skeleton height={20} />,
    isSkeletonToEnd: true,
    render: (testimonial) => (
      <Text size="sm" lineClamp={2} title={testimonial.content}>
        {testimonial.content}
      </Text>
    ),
  },
  {
    header: 'Location',
    render: (testimonial) => (
      <Text size="sm" c={testimonial.location ? undefined : 'ink.6'}>
        {testimonial.location || '-'}
      </Text>
    ),
  },
  { header: 'Rating', render: (testimonial) => <RatingStars rating={testimonial.rating} /> },
  { header: 'Status', render: (testimonial) => <ActiveBadge isActive={isActive(testimonial)} /> },
  {
    header: 'Featured',
    layout: { ta: 'center' },
    render: (testimonial) => (
      <Group justify="center">
        <ThemeIcon
          variant="light"
          color={isFeatured(testimonial) ? 'green' : 'gray'}
          radius="xl"
          size="sm"
          role="img"
          aria-label={isFeatured(testimonial) ? 'Featured' : 'Not featured'}
        >
          {isFeatured(testimonial) ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
        </ThemeIcon>
      </Group>
    ),
  },
]

interface TestimonialTableProps {
  testimonials: Testimonial[] | undefined
  isLoading: boolean
  /** A search or filter is on: an empty list means nothing matched, not that there are no testimonials. */
  isFiltered?: boolean
  onEdit: (testimonial: Testimonial) => void
  onDelete: (testimonial: Testimonial) => void
}

export function TestimonialTable({ testimonials, isLoading, isFiltered, onEdit, onDelete }: TestimonialTableProps) {
  return (
    <ResourceTable
      columns={COLUMNS}
      rows={testimonials}
      isLoading={isLoading}
      rowKey={(testimonial) => testimonial.id}
      skeletonRows={5}
      emptyText={
        isFiltered
          ? 'No testimonials match your search and filters.'
          : 'No testimonials found. Add your first testimonial to get started.'
      }
      minWidth={880}
      actions={{
        of: (testimonial) =>
          editAndDeleteActions(
            `testimonial by ${testimonial.name}`,
            () => onEdit(testimonial),
            () => onDelete(testimonial),
          ),
        isSticky: true,
        w: 80,
      }}
    />
  )
}
