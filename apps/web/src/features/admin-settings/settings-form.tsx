import { Button, Card, Group, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput, Title } from '@mantine/core'
import { type FormErrors, schemaResolver, useForm } from '@mantine/form'
import {
  type AdminSettings,
  MAX_NOTIFICATION_EMAILS,
  type ShopSettingsValues,
  ZShopSettingsInput,
} from '@shop/schema/settings'
import { fieldErrorsOf } from '../../lib/error-message'

const toFormValues = (settings: AdminSettings): ShopSettingsValues => ({
  name: settings.name,
  email: settings.email,
  phone: settings.phone,
  address: settings.address,
  notificationEmails: settings.notificationEmails,
  senderName: settings.senderName,
})

/**
 * The notification addresses are one field: a problem with the third address (error key "notificationEmails.2")
 * is shown under the field, naming the address.
 */
function notificationEmailsError(errors: FormErrors, emails: string[]): string | undefined {
  if (errors.notificationEmails) return String(errors.notificationEmails)
  for (const [path, message] of Object.entries(errors)) {
    const index = /^notificationEmails\.(\d+)$/.exec(path)?.[1]
    if (index !== undefined && message) return `${emails[Number(index)] ?? 'An address'}: ${String(message)}`
  }
  return undefined
}

interface SettingsFormProps {
  settings: AdminSettings
  isSaving: boolean
  /** Resolves with what the server stored; rejects with the API's error, whose field problems (400) go on the fields. */
  onSave: (values: ShopSettingsValues) => Promise<AdminSettings>
}

/** The shop's name and contact (footer, invoice, mails), who hears of new orders, and the mails' sender name. */
export function SettingsForm({ settings, isSaving, onSave }: SettingsFormProps) {
  const form = useForm<ShopSettingsValues>({
    mode: 'uncontrolled',
    initialValues: toFormValues(settings),
    validate: schemaResolver(ZShopSettingsInput, { sync: true }),
    // Runs once validation has passed: the trimmed values the server stores.
    transformValues: (values) => ZShopSettingsInput.parse(values),
  })

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        onSave(values).then(
          // What the server stored (trimmed, without a repeated address) is what the form shows next.
          (saved) => {
            form.setInitialValues(toFormValues(saved))
            form.reset()
          },
          // The hook's toast says the save failed; the fields say why.
          (error: unknown) => form.setErrors(fieldErrorsOf(error)),
        ),
      )}
    >
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md">
          <Title order={2} fz="lg">
            Shop details
          </Title>
          <Text size="sm" c="ink.7" mb="md">
            Shown in the footer, on invoices and in every e-mail.
          </Text>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Shop name"
                withAsterisk
                autoComplete="organization"
                key={form.key('name')}
                {...form.getInputProps('name')}
              />
              <TextInput
                label="Shop e-mail"
                type="email"
                withAsterisk
                autoComplete="email"
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <TextInput
                label="Phone"
                type="tel"
                withAsterisk
                autoComplete="tel"
                key={form.key('phone')}
                {...form.getInputProps('phone')}
              />
            </SimpleGrid>
            <Textarea
              label="Address"
              withAsterisk
              autosize
              minRows={2}
              maxRows={6}
              key={form.key('address')}
              {...form.getInputProps('address')}
            />
          </Stack>
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Title order={2} fz="lg" mb="md">
            E-mails
          </Title>
          <Stack gap="sm">
            <TagsInput
              label="Order notification e-mails"
              description={`Who gets an e-mail about each new order, up to ${MAX_NOTIFICATION_EMAILS} addresses. Leave it empty and the shop e-mail gets them. Press Enter or a comma after each address.`}
              placeholder="orders@example.com"
              splitChars={[',', ' ', ';']}
              maxTags={MAX_NOTIFICATION_EMAILS}
              clearable
              key={form.key('notificationEmails')}
              {...form.getInputProps('notificationEmails')}
              error={notificationEmailsError(form.errors, form.getValues().notificationEmails)}
            />
            <TextInput
              label="Sender name"
              description="The name customers see as the sender of the shop's e-mails."
              withAsterisk
              key={form.key('senderName')}
              {...form.getInputProps('senderName')}
            />
          </Stack>
        </Card>
        <Group justify="flex-end">
          <Button type="submit" loading={isSaving}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
