import { Button, Card, Grid, Group, Stack, Switch, Textarea, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type Category, type CategoryInput, slugify, ZCategoryInput } from '@shop/schema/categories'
import { Link } from 'react-router-dom'
import { toast } from '../../components/toasts'
import { useUploadImages } from '../admin-uploads/use-upload-images'
import { CategoryImageField } from './category-image-field'

/** The form's values: the wire input with every field present (empty strings instead of null). */
export type CategoryFormValues = { [K in keyof CategoryInput]-?: NonNullable<CategoryInput[K]> }

function toFormValues(category: Category | undefined): CategoryFormValues {
  return {
    name: category?.name ?? '',
    slug: category?.slug ?? '',
    description: category?.description ?? '',
    imageUrl: category?.imageUrl ?? '',
    active: category?.active ?? true,
  }
}

interface CategoryFormProps {
  /** The category being edited; none when creating. */
  category?: Category
  isSaving: boolean
  onSubmit: (values: CategoryFormValues) => void
}

export function CategoryForm({ category, isSaving, onSubmit }: CategoryFormProps) {
  // The category form takes a single image file.
  const { upload, isUploading } = useUploadImages({
    maxFiles: 1,
    failureText: 'Failed to upload image. Please try again.',
  })
  const form = useForm<CategoryFormValues>({
    initialValues: toFormValues(category),
    validate: schemaResolver(ZCategoryInput),
  })

  const onValid = form.onSubmit((values) => {
    // The schema leaves the image optional, but a save needs one (upload or URL): every category shows its picture.
    if (!values.imageUrl.trim()) {
      toast({ title: 'Image Required', message: 'Please upload an image or provide an image URL', isError: true })
      return
    }
    onSubmit(values)
  })

  const onUpload = (file: File) =>
    upload([file], ([url]) => {
      if (url) form.setFieldValue('imageUrl', url)
    })

  const generateSlug = () => {
    form.setFieldValue('slug', slugify(form.getValues().name))
    form.validateField('slug')
  }

  return (
    <form onSubmit={onValid} noValidate>
      <Card withBorder padding="lg" radius="md">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <TextInput label="Name" placeholder="e.g. Necklaces" withAsterisk {...form.getInputProps('name')} />
              <TextInput
                label="Slug"
                description="Used in the category's address: /category/your-slug"
                placeholder="e.g. necklaces"
                withAsterisk
                rightSectionWidth={92}
                rightSection={
                  <Button size="compact-xs" variant="light" onClick={generateSlug}>
                    Generate
                  </Button>
                }
                {...form.getInputProps('slug')}
              />
              <Textarea
                label="Description"
                placeholder="A short introduction shown on the category page"
                autosize
                minRows={4}
                maxRows={10}
                {...form.getInputProps('description')}
              />
              <Switch
                label="Active"
                description="Inactive categories are hidden from the shop."
                color="gold"
                {...form.getInputProps('active', { type: 'checkbox' })}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <CategoryImageField
              value={form.values.imageUrl}
              onChange={(value) => form.setFieldValue('imageUrl', value)}
              error={typeof form.errors.imageUrl === 'string' ? form.errors.imageUrl : undefined}
              isUploading={isUploading}
              onUpload={onUpload}
            />
          </Grid.Col>
        </Grid>
        <Group justify="flex-end" mt="xl" pt="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Button component={Link} to="/admin/categories" variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={isSaving} disabled={isUploading}>
            {category ? 'Update Category' : 'Create Category'}
          </Button>
        </Group>
      </Card>
    </form>
  )
}
