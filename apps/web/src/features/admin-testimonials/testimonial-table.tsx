import { ActionIcon, Avatar, Group, Skeleton, Table, Text, ThemeIcon, Tooltip, VisuallyHidden } from '@mantine/core'
import { testimonialInitials } from '@shop/schema/display'
import type { Testimonial } from '@shop/schema/testimonials'
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react'
import { ActiveBadge } from '../../components/active-badge'
import { RatingStars } from './rating-stars'
import classes from './testimonial-table.module.css'

const SKELETON_ROWS = 5

interface TestimonialTableProps {
  testimonials: Testimonial[] | undefined
  isLoading: boolean
  onEdit: (testimonial: Testimonial) => void
  onDelete: (testimonial: Testimonial) => void
}

export function TestimonialTable({ testimonials, isLoading, onEdit, onDelete }: TestimonialTableProps) {
  return (
    <>
      <Table.ScrollContainer minWidth={880}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Content</Table.Th>
              <Table.Th>Location</Table.Th>
              <Table.Th>Rating</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="center">Featured</Table.Th>
              <Table.Th w={80} className={classes.actions}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isLoading
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                  <Table.Tr key={i} data-testid="testimonial-skeleton">
                    <Table.Td>
                      <Skeleton height={36} circle />
                    </Table.Td>
                    <Table.Td colSpan={6}>
                      <Skeleton height={20} />
                    </Table.Td>
                  </Table.Tr>
                ))
              : testimonials?.map((testimonial) => {
                  // Spec point 3: an unset flag reads as active and not featured.
                  const isActive = testimonial.active ?? true
                  const isFeatured = testimonial.featured ?? false
                  return (
                    <Table.Tr key={testimonial.id}>
                      <Table.Td>
                        <Group gap="sm" wrap="nowrap">
                          <Avatar src={testimonial.avatarUrl} alt="" aria-hidden radius="xl" size={36} color="gold">
                            {testimonialInitials(testimonial.name)}
                          </Avatar>
                          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                            {testimonial.name}
                          </Text>
                        </Group>
                      </Table.Td>
                      <Table.Td maw={340}>
                        <Text size="sm" lineClamp={2} title={testimonial.content}>
                          {testimonial.content}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c={testimonial.location ? undefined : 'ink.6'}>
                          {testimonial.location || '-'}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <RatingStars rating={testimonial.rating} />
                      </Table.Td>
                      <Table.Td>
                        <ActiveBadge isActive={isActive} />
                      </Table.Td>
                      <Table.Td>
                        <Group justify="center">
                          <ThemeIcon
                            variant="light"
                            color={isFeatured ? 'green' : 'gray'}
                            radius="xl"
                            size="sm"
                            role="img"
                            aria-label={isFeatured ? 'Featured' : 'Not featured'}
                          >
                            {isFeatured ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
                          </ThemeIcon>
                        </Group>
                      </Table.Td>
                      <Table.Td className={classes.actions}>
                        <Group gap={2} justify="flex-end" wrap="nowrap">
                          <Tooltip label="Edit">
                            <ActionIcon
                              variant="subtle"
                              color="dark"
                              aria-label={`Edit testimonial by ${testimonial.name}`}
                              onClick={() => onEdit(testimonial)}
                            >
                              <IconPencil size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Delete">
                            <ActionIcon
                              variant="subtle"
                              color="red.8"
                              aria-label={`Delete testimonial by ${testimonial.name}`}
                              onClick={() => onDelete(testimonial)}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  )
                })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!isLoading && testimonials?.length === 0 && (
        <Text c="ink.6" ta="center" py="md">
          No testimonials found. Add your first testimonial to get started.
        </Text>
      )}
    </>
  )
}
