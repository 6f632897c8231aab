import {
  ActionIcon,
  AspectRatio,
  Badge,
  Box,
  Button,
  FileButton,
  Group,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { UPLOAD_MIME_TYPES } from '@shop/schema/uploads'
import { IconChevronLeft, IconChevronRight, IconPhoto, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react'
import { type ReactNode, useRef, useState } from 'react'
import { ResponsiveImage } from '../../components/responsive-image'
import { toast } from '../../components/toasts'
import { useUploadImages } from '../admin-uploads/use-upload-images'
import { isHttpUrl, moveItem } from './product-values'

const ACCEPT = UPLOAD_MIME_TYPES.join(',')

export interface ImageManagerProps {
  imageUrls: string[]
  onChange: (imageUrls: string[]) => void
  /** Adds images after the current ones; reads the latest list, as an upload may end after other edits. */
  onAppend: (imageUrls: string[]) => void
  error?: ReactNode
}

/** The product's images: upload files or add a URL, reorder them (the first is the main image) and remove them. */
export function ImageManager({ imageUrls, onChange, onAppend, error }: ImageManagerProps) {
  const { upload, isUploading } = useUploadImages({ failureText: 'Failed to upload images. Please try again.' })
  const [urlText, setUrlText] = useState('')
  const resetFiles = useRef<() => void>(null)

  const onFiles = (files: File[]) => {
    upload(files, onAppend)
    resetFiles.current?.()
  }

  const addUrl = () => {
    const url = urlText.trim()
    if (!isHttpUrl(url)) {
      toast({
        title: 'Invalid URL',
        message: 'Please enter a valid image URL starting with http:// or https://',
        isError: true,
      })
      return
    }
    if (imageUrls.includes(url)) {
      toast({ title: 'Image already added', message: 'This image is already in the list.', isError: true })
      return
    }
    onAppend([url])
    setUrlText('')
  }

  return (
    <Input.Wrapper
      description="JPG, PNG, WebP or GIF, up to 5 MB each and 10 at a time. The first image is the main one."
      error={error}
    >
      <Stack gap="sm" mt="xs">
        <Group gap="sm" align="flex-start" wrap="wrap">
          <FileButton onChange={onFiles} accept={ACCEPT} multiple resetRef={resetFiles} disabled={isUploading}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={isUploading}>
                Upload images
              </Button>
            )}
          </FileButton>
          <Group gap="xs" wrap="nowrap" style={{ flex: '1 1 260px' }}>
            <TextInput
              aria-label="Image URL"
              placeholder="https://example.com/image.jpg"
              value={urlText}
              onChange={(event) => setUrlText(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter adds the URL instead of submitting the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault()
                  addUrl()
                }
              }}
              style={{ flex: 1 }}
            />
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={addUrl}>
              Add
            </Button>
          </Group>
        </Group>

        {imageUrls.length === 0 ? (
          <Paper withBorder radius="md" p="lg" style={{ borderStyle: 'dashed' }}>
            <Stack align="center" gap={4}>
              <IconPhoto size={28} stroke={1.5} color="var(--mantine-color-ink-6)" aria-hidden />
              <Text size="sm" c="ink.6" ta="center">
                No images yet. Upload files or add an image URL.
              </Text>
            </Stack>
          </Paper>
        ) : (
          <SimpleGrid
            cols={{ base: 2, xs: 3, md: 4 }}
            spacing="sm"
            component="ul"
            style={{ listStyle: 'none' }}
            p={0}
            m={0}
          >
            {imageUrls.map((url, index) => {
              const position = index + 1
              return (
                <Paper key={url} component="li" withBorder radius="md" p={6}>
                  <Box pos="relative">
                    <AspectRatio ratio={1}>
                      <ResponsiveImage
                        src={url}
                        // Two to four in a row in the form's wide column: never wider than about 240 px.
                        sizes="(min-width: 36em) 240px, 50vw"
                        alt={`Image ${position}`}
                        radius="sm"
                        fit="cover"
                      />
                    </AspectRatio>
                    {index === 0 && (
                      <Badge pos="absolute" top={6} left={6} size="sm" radius="sm" color="dark">
                        Main
                      </Badge>
                    )}
                  </Box>
                  <Group justify="space-between" gap={2} mt={6} wrap="nowrap">
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="dark"
                        disabled={index === 0}
                        onClick={() => onChange(moveItem(imageUrls, index, index - 1))}
                        aria-label={`Move image ${position} left`}
                      >
                        <IconChevronLeft size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="dark"
                        disabled={index === imageUrls.length - 1}
                        onClick={() => onChange(moveItem(imageUrls, index, index + 1))}
                        aria-label={`Move image ${position} right`}
                      >
                        <IconChevronRight size={16} />
                      </ActionIcon>
                    </Group>
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      onClick={() => onChange(imageUrls.filter((_, i) => i !== index))}
                      aria-label={`Remove image ${position}`}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Paper>
              )
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Input.Wrapper>
  )
}
