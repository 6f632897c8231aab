import { Button, Card, Group, SimpleGrid, Stack, TagsInput, Textarea, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import type { AdminSettings, ShopSettingsInput } from '@shop/schema/settings'
import { MAX_NOTIFICATION_EMAILS, ZShopSettingsInput } from '@shop/schema/settings'
import { useEffect } from 'react'
import { apiErrorDataOf } from '../../lib/api-error'
import { useSaveSettings } from './use-settings'

type SettingsFormValues = Required<ShopSettingsInput>

const toFormValues = (settings: AdminSettings): SettingsFormValues => ({
  name: settings.name,
  email: settings.email,
  phone: settings.phone,
  address: settings.address,
  notificationEmails: settings.notificationEmails,
  senderName: settings.senderName,
})

/** The shop's name and contact (footer, invoice, mails) and who hears of new orders. */
export function SettingsForm({ settings }: { settings: AdminSettings }) {
  const save = useSaveSettings()
  const form = useForm<SettingsFormValues>({
    mode: 'uncontrolled',
    initialValues: toFormValues(settings),
    validate: schemaResolver(ZShopSettingsInput),
  })

  // The server's field messages (400) go next to their fields.
  useEffect(() => {
    const issues = apiErrorDataOf(save.error)?.issues
    if (!issues) return
    form.setErrors(Object.fromEntries(issues.map((issue) => [issue.path.join('.'), issue.message])))
  }, [save.error, form.setErrors])

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(ZShopSettingsInput.parse(values)))}>
      <Stack gap="lg">
        <Card withBorder padding="lg" radius="md">
          <Title order={2} fz="lg" mb="md">
            Shop details
          </Title>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Shop name" withAsterisk key={form.key('name')} {...form.getInputProps('name')} />
              <TextInput
                label="Shop e-mail"
                type="email"
                withAsterisk
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
              <TextInput label="Phone" withAsterisk key={form.key('phone')} {...form.getInputProps('phone')} />
            </SimpleGrid>
            <Textarea
              label="Address"
              withAsterisk
              autosize
              minRows={2}
              key={form.key('address')}
              {...form.getInputProps('address')}
            />
          </Stack>
        </Card>
        <Card withBorder padding="lg" radius="md">
          <Title order={2} fz="lg" mb="md">
            E-mail
          </Title>
          <Stack gap="sm">
            <TagsInput
              label="Order notification e-mails"
              description={`Who gets an e-mail for each new order (up to ${MAX_NOTIFICATION_EMAILS}). Leave empty to use the shop e-mail. Press Enter after each address.`}
              placeholder="orders@example.com"
              splitChars={[',', ' ', ';']}
              key={form.key('notificationEmails')}
              {...form.getInputProps('notificationEmails')}
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
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
