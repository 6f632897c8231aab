import {
  Button,
  Fieldset,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import {
  TESTIMONIAL_DEFAULTS,
  type Testimonial,
  type TestimonialInput,
  type TestimonialValues,
  ZTestimonialInput,
} from '@shop/schema/testimonials'

// The add and edit dialogs are 550 px wide.
const DIALOG_WIDTH = 550

/** The form's values: the wire input with every field present (empty strings instead of null). */
type TestimonialFormValues = { [K in keyof TestimonialInput]-?: NonNullable<TestimonialInput[K]> }

function toFormValues(testimonial: Testimonial | null): TestimonialFormValues {
  return {
    name: testimonial?.name ?? '',
    content: testimonial?.content ?? '',
    location: testimonial?.location ?? '',
    rating: testimonial?.rating ?? TESTIMONIAL_DEFAULTS.rating,
    avatarUrl: testimonial?.avatarUrl ?? '',
    active: testimonial?.active ?? TESTIMONIAL_DEFAULTS.active,
    featured: testimonial?.featured ?? TESTIMONIAL_DEFAULTS.featured,
  }
}

interface TestimonialFormProps {
  testimonial: Testimonial | null
  isSaving: boolean
  onCancel: () => void
  onSubmit: (values: TestimonialValues) => void
}

function TestimonialForm({ testimonial, isSaving, onCancel, onSubmit }: TestimonialFormProps) {
  const form = useForm<TestimonialFormValues, TestimonialValues>({
    mode: 'uncontrolled',
    initialValues: toFormValues(testimonial),
    validate: schemaResolver(ZTestimonialInput),
    // Runs only once validation has passed: trims, and sends an empty location or avatar URL as null.
    transformValues: (values) => ZTestimonialInput.parse(values),
  })

  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk data-autofocus key={form.key('name')} {...form.getInputProps('name')} />
        <Textarea
          label="Content"
          withAsterisk
          autosize
          minRows={3}
          maxRows={8}
          key={form.key('content')}
          {...form.getInputProps('content')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm">
          <TextInput
            label="Location"
            placeholder="e.g. New York, USA"
            key={form.key('location')}
            {...form.getInputProps('location')}
          />
          <NumberInput
            label="Rating"
            withAsterisk
            min={1}
            max={5}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            key={form.key('rating')}
            {...form.getInputProps('rating')}
          />
        </SimpleGrid>
        <TextInput
          label="Avatar URL"
          placeholder="https://example.com/avatar.jpg"
          key={form.key('avatarUrl')}
          {...form.getInputProps('avatarUrl')}
        />
        <Fieldset legend="Visibility" variant="filled" radius="md" mt={4} p="sm">
          <Stack gap="sm">
            <Switch
              label="Show on website"
              description="Hidden testimonials never appear in the shop."
              color="gold"
              key={form.key('active')}
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
            <Switch
              label="Display in featured section"
              description="Shown on the home page while also active."
              color="gold"
              key={form.key('featured')}
              {...form.getInputProps('featured', { type: 'checkbox' })}
            />
          </Stack>
        </Fieldset>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {testimonial ? 'Update Testimonial' : 'Create Testimonial'}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

interface TestimonialFormDialogProps {
  isOpen: boolean
  /** The testimonial being edited; null when adding one. */
  testimonial: Testimonial | null
  isSaving: boolean
  onClose: () => void
  onSubmit: (values: TestimonialValues) => void
}

/** The add and edit dialog of a testimonial. */
export function TestimonialFormDialog({
  isOpen,
  testimonial,
  isSaving,
  onClose,
  onSubmit,
}: TestimonialFormDialogProps) {
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      size={DIALOG_WIDTH}
      centered
      closeOnClickOutside={!isSaving}
      closeOnEscape={!isSaving}
      title={testimonial ? 'Edit Testimonial' : 'Add New Testimonial'}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm" c="ink.6" mb="md">
        {testimonial
          ? 'Update the testimonial information.'
          : 'Create a new customer testimonial to showcase on the website.'}
      </Text>
      <TestimonialForm
        key={testimonial?.id ?? 'new'}
        testimonial={testimonial}
        isSaving={isSaving}
        onCancel={onClose}
        onSubmit={onSubmit}
      />
    </Modal>
  )
}
