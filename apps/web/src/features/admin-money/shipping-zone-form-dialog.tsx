import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core'
import { type FormErrors, schemaResolver, useForm } from '@mantine/form'
import {
  MAX_ZONE_AREAS,
  MAX_ZONE_METHODS,
  type ShippingZone,
  type ShippingZoneInput,
  ZShippingZoneInput,
} from '@shop/schema/money'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { fieldErrorsOf } from '../../lib/error-message'

/** A method as typed: amounts as text, an empty threshold or estimate for none. */
export interface ShippingMethodFormValues {
  /** Keeps each row's inputs apart when one above is removed. */
  key: string
  name: string
  price: string
  freeOver: string
  estimate: string
}

export interface ShippingZoneFormValues {
  name: string
  areas: string[]
  methods: ShippingMethodFormValues[]
}

let nextKey = 0
const newKey = () => `method-${++nextKey}`

const EMPTY_METHOD = (): ShippingMethodFormValues => ({
  key: newKey(),
  name: '',
  price: '',
  freeOver: '',
  estimate: '',
})

function toFormValues(zone: ShippingZone | null): ShippingZoneFormValues {
  return {
    name: zone?.name ?? '',
    areas: zone?.areas ?? [],
    methods: zone?.methods.map((method) => ({
      key: newKey(),
      name: method.name,
      price: method.price,
      freeOver: method.freeOver ?? '',
      estimate: method.estimate ?? '',
    })) ?? [EMPTY_METHOD()],
  }
}

/** What the API reads: an empty threshold or estimate is none. */
export function zoneInputOf(values: ShippingZoneFormValues): ShippingZoneInput {
  return {
    name: values.name,
    areas: values.areas,
    methods: values.methods.map((method) => ({
      name: method.name,
      price: method.price,
      freeOver: method.freeOver.trim() ? method.freeOver : null,
      estimate: method.estimate.trim() ? method.estimate : null,
    })),
  }
}

const validateZone = schemaResolver(ZShippingZoneInput, { sync: true })

/** The areas are one field: a problem with the third one (error key "areas.2") is shown under it, naming it. */
function areasError(errors: FormErrors, areas: string[]): string | undefined {
  if (errors.areas) return String(errors.areas)
  for (const [path, message] of Object.entries(errors)) {
    const index = /^areas\.(\d+)$/.exec(path)?.[1]
    if (index !== undefined && message) return `${areas[Number(index)] ?? 'An area'}: ${String(message)}`
  }
  return undefined
}

interface ShippingZoneFormProps {
  zone: ShippingZone | null
  isSaving: boolean
  onCancel: () => void
  /** Resolves once saved; rejects with the API's error, whose field problems go on the fields. */
  onSubmit: (values: ShippingZoneInput) => Promise<unknown>
}

export function ShippingZoneForm({ zone, isSaving, onCancel, onSubmit }: ShippingZoneFormProps) {
  const form = useForm<ShippingZoneFormValues, ShippingZoneInput>({
    mode: 'controlled',
    initialValues: toFormValues(zone),
    validate: (values) => validateZone(zoneInputOf(values)),
    // Runs once validation has passed. The wire input, not the schema's output (cents), which the server would
    // read as whole amounts again.
    transformValues: zoneInputOf,
  })
  const { methods, areas } = form.getValues()
  return (
    <form
      noValidate
      aria-label={zone ? 'Edit shipping zone' : 'New shipping zone'}
      onSubmit={form.onSubmit((values) =>
        onSubmit(values).catch((error: unknown) => form.setErrors(fieldErrorsOf(error))),
      )}
    >
      <Stack gap="sm">
        <TextInput
          label="Zone name"
          placeholder="e.g. Domestic"
          withAsterisk
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TagsInput
          label="Countries and states"
          description={`Two-letter country codes (US, CA) or a state (US-CA); up to ${MAX_ZONE_AREAS}. Press Enter or a comma after each.`}
          placeholder="US, US-CA"
          withAsterisk
          splitChars={[',', ' ', ';']}
          maxTags={MAX_ZONE_AREAS}
          clearable
          key={form.key('areas')}
          {...form.getInputProps('areas')}
          onChange={(value) =>
            form.setFieldValue(
              'areas',
              value.map((area) => area.trim().toUpperCase()),
            )
          }
          error={areasError(form.errors, areas)}
        />
        {methods.map((method, index) => (
          <Fieldset key={method.key} legend={`Shipping method ${index + 1}`} variant="filled" radius="md" p="sm">
            <Stack gap="sm">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <TextInput
                  label="Method name"
                  placeholder="e.g. Standard"
                  withAsterisk
                  style={{ flex: 1 }}
                  {...form.getInputProps(`methods.${index}.name`)}
                />
                {methods.length > 1 && (
                  <Tooltip label="Remove method">
                    <ActionIcon
                      variant="subtle"
                      color="red.8"
                      mt={28}
                      aria-label={`Remove shipping method ${index + 1}`}
                      onClick={() => form.removeListItem('methods', index)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                <TextInput
                  label="Price"
                  description="0 ships free."
                  withAsterisk
                  inputMode="decimal"
                  {...form.getInputProps(`methods.${index}.price`)}
                />
                <TextInput
                  label="Free over"
                  description="Empty: never free."
                  inputMode="decimal"
                  {...form.getInputProps(`methods.${index}.freeOver`)}
                />
                <TextInput
                  label="Delivery estimate"
                  description="e.g. 3-5 business days."
                  {...form.getInputProps(`methods.${index}.estimate`)}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
        ))}
        {form.errors.methods && (
          <Text size="sm" c="red.8" role="alert">
            {String(form.errors.methods)}
          </Text>
        )}
        <Group justify="space-between" mt="md">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            disabled={methods.length >= MAX_ZONE_METHODS}
            onClick={() => form.insertListItem('methods', EMPTY_METHOD())}
          >
            Add method
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={isSaving}>
              {zone ? 'Save zone' : 'Create zone'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  )
}

interface ShippingZoneFormDialogProps extends Omit<ShippingZoneFormProps, 'onCancel'> {
  isOpen: boolean
  onClose: () => void
}

/** The add and edit dialog of a shipping zone and its methods. */
export function ShippingZoneFormDialog({ isOpen, onClose, zone, ...props }: ShippingZoneFormDialogProps) {
  return (
    <Modal
      opened={isOpen}
      onClose={onClose}
      size={640}
      centered
      closeOnClickOutside={!props.isSaving}
      closeOnEscape={!props.isSaving}
      title={zone ? 'Edit shipping zone' : 'Add shipping zone'}
      styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <ShippingZoneForm key={zone?.id ?? 'new'} zone={zone} onCancel={onClose} {...props} />
    </Modal>
  )
}
