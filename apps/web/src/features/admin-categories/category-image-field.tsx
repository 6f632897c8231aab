import { Box, Button, Center, FileButton, Group, Input, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedValue, useId } from '@mantine/hooks'
import { ZImageUrl } from '@shop/schema/common'
import { UPLOAD_MIME_TYPES } from '@shop/schema/uploads'
import { IconPhoto, IconPhotoOff, IconTrash, IconUpload } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { ResponsiveImage } from '../../components/responsive-image'
import { toast } from '../../components/toasts'

// The preview waits for typing to pause, so a half-typed URL does not flash a load error.
const PREVIEW_DEBOUNCE_MS = 400
const PREVIEW_SIZE = { base: 96, sm: 128 }

interface CategoryImageFieldProps {
  value: string
  onChange: (value: string) => void
  error?: string
  isUploading: boolean
  /** Called with the chosen file; the caller checks it, uploads it and sets the value to its URL. */
  onUpload: (file: File) => void
}

/** The category's single image: an uploaded file or a URL typed by hand, with a preview and a remove button. */
export function CategoryImageField({ value, onChange, error, isUploading, onUpload }: CategoryImageFieldProps) {
  const resetFile = useRef<() => void>(null)
  const labelId = useId()
  const [debounced] = useDebouncedValue(value.trim(), PREVIEW_DEBOUNCE_MS)
  const previewSrc = ZImageUrl.safeParse(debounced).success ? debounced : ''
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const hasFailed = previewSrc !== '' && failedSrc === previewSrc

  const onFile = (file: File | null) => {
    resetFile.current?.()
    if (file) onUpload(file)
  }

  const onPreviewError = () => {
    if (failedSrc === previewSrc) return
    setFailedSrc(previewSrc)
    toast({ title: 'Image error', message: 'The image URL could not be loaded.', isError: true })
  }

  const onRemove = () => {
    resetFile.current?.()
    onChange('')
  }

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Input.Label required labelElement="div" id={labelId}>
        Image
      </Input.Label>
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Box
          w={PREVIEW_SIZE}
          h={PREVIEW_SIZE}
          style={{
            flexShrink: 0,
            borderRadius: 'var(--mantine-radius-md)',
            border: `1px ${previewSrc ? 'solid' : 'dashed'} var(--mantine-color-gray-4)`,
            overflow: 'hidden',
            background: 'var(--mantine-color-gray-0)',
          }}
        >
          {previewSrc && !hasFailed ? (
            <ResponsiveImage
              key={previewSrc}
              src={previewSrc}
              sizes="128px"
              alt="Preview of the category image"
              w="100%"
              h="100%"
              fit="cover"
              onError={onPreviewError}
            />
          ) : (
            <Center h="100%">
              <Stack gap={4} align="center">
                {hasFailed ? (
                  <IconPhotoOff size={28} stroke={1.5} color="var(--mantine-color-red-8)" aria-hidden />
                ) : (
                  <IconPhoto size={28} stroke={1.5} color="var(--mantine-color-ink-6)" aria-hidden />
                )}
                <Text size="xs" c={hasFailed ? 'red.8' : 'ink.6'} ta="center" px={4}>
                  {hasFailed ? 'Could not load' : 'No image'}
                </Text>
              </Stack>
            </Center>
          )}
        </Box>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <FileButton onChange={onFile} accept={UPLOAD_MIME_TYPES.join(',')} resetRef={resetFile}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="sm"
                  leftSection={<IconUpload size={16} />}
                  loading={isUploading}
                >
                  Upload image
                </Button>
              )}
            </FileButton>
            {value && (
              <Button
                variant="subtle"
                color="red"
                c="red.9"
                size="sm"
                leftSection={<IconTrash size={16} />}
                onClick={onRemove}
                disabled={isUploading}
              >
                Remove
              </Button>
            )}
          </Group>
          <Text size="xs" c="ink.6">
            One JPG, PNG, WebP or GIF file, up to 5 MB.
          </Text>
        </Stack>
      </Group>
      <TextInput
        label="or image URL"
        placeholder="https://example.com/image.jpg"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        disabled={isUploading}
      />
    </Stack>
  )
}
