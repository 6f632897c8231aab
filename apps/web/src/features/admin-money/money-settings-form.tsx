import { Button, Card, Group, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type MoneySettings, type MoneySettingsValues, ZMoneySettingsInput } from '@shop/schema/money'
import { fieldErrorsOf } from '../../lib/error-message'

interface MoneySettingsFormProps {
  settings: MoneySettings
  isSaving: boolean
  /** Resolves with what the server stored; rejects with the API's error, whose field problems (400) go on the fields. */
  onSave: (values: MoneySettingsValues) => Promise<MoneySettings>
}

/** The currency every amount is in, the country an order ships to when none is named, and the price basis. */
export function MoneySettingsForm({ settings, isSaving, onSave }: MoneySettingsFormProps) {
  const form = useForm<MoneySettings, MoneySettingsValues>({
    mode: 'uncontrolled',
    initialValues: settings,
    validate: schemaResolver(ZMoneySettingsInput, { sync: true }),
    transformValues: (values) => ZMoneySettingsInput.parse(values),
  })
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="lg">
        Currency and prices
      </Title>
      <Text size="sm" c="ink.7" mb="md">
        Every amount in the shop, the invoices and the e-mails is in this currency.
      </Text>
      <form
        noValidate
        aria-label="Currency and prices"
        onSubmit={form.onSubmit((values) =>
          onSave(values).then(
            (saved) => {
              form.setInitialValues(saved)
              form.reset()
            },
            (error: unknown) => form.setErrors(fieldErrorsOf(error)),
          ),
        )}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Currency"
              description="ISO 4217 code, such as USD or EUR."
              withAsterisk
              maxLength={3}
              autoComplete="off"
              key={form.key('currency')}
              {...form.getInputProps('currency')}
            />
            <TextInput
              label="Shop country"
              description="Two letters, such as US: where an order ships when the buyer names no country."
              withAsterisk
              maxLength={2}
              autoComplete="off"
              key={form.key('defaultCountry')}
              {...form.getInputProps('defaultCountry')}
            />
          </SimpleGrid>
          <Switch
            label="Prices include tax"
            description="On: the catalogue's prices already contain the tax, which the checkout shows as included. Off: tax is added at checkout."
            color="gold"
            key={form.key('pricesIncludeTax')}
            {...form.getInputProps('pricesIncludeTax', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSaving}>
              Save currency and prices
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}
