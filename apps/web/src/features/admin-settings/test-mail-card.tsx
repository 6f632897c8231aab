import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type TestMailInput, type TestMailResult, ZTestMailInput } from '@shop/schema/settings'
import { IconAlertTriangle, IconCircleCheck, IconSend } from '@tabler/icons-react'
import { apiMessageOf } from '../../lib/api-error'

interface TestMailCardProps {
  shopEmail: string
  isSending: boolean
  /** The server's verdict in plain words, once it answered. */
  result: TestMailResult | undefined
  /** The request failed (e.g. 429 when too many test mails were asked for). */
  error: unknown
  onSend: (input: TestMailInput) => void
}

/** "Send test e-mail": to the address given, or the shop e-mail; shows what the mail server said, in plain words. */
export function TestMailCard({ shopEmail, isSending, result, error, onSend }: TestMailCardProps) {
  const form = useForm<{ to: string }, TestMailInput>({
    mode: 'uncontrolled',
    initialValues: { to: '' },
    // Empty is "the shop e-mail", which the server fills in.
    validate: (values) => (values.to.trim() ? schemaResolver(ZTestMailInput, { sync: true })({ to: values.to }) : {}),
    transformValues: (values) => (values.to.trim() ? ZTestMailInput.parse(values) : {}),
  })
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="lg">
        Test e-mail
      </Title>
      <Text size="sm" c="ink.7" mb="md">
        Check that the shop's e-mails get through: the mail server's answer shows below.
      </Text>
      <form noValidate onSubmit={form.onSubmit(onSend)}>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Send to"
              description={`Leave empty to send it to the shop e-mail (${shopEmail}).`}
              type="email"
              placeholder={shopEmail}
              autoComplete="email"
              style={{ flex: 1, minWidth: 220 }}
              key={form.key('to')}
              {...form.getInputProps('to')}
            />
            <Button
              type="submit"
              variant="default"
              mt={{ base: 0, xs: 44 }}
              loading={isSending}
              leftSection={<IconSend size={16} aria-hidden />}
            >
              Send test e-mail
            </Button>
          </Group>
          {result && (
            <Alert
              color={result.delivered ? 'green' : 'red'}
              icon={result.delivered ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
              title={result.delivered ? 'Test e-mail sent' : 'The test e-mail was not sent'}
              role={result.delivered ? 'status' : 'alert'}
            >
              {result.message}
            </Alert>
          )}
          {error !== null && error !== undefined && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title="The test e-mail was not sent">
              {apiMessageOf(error) ?? 'The request did not reach the shop. Please check your connection and try again.'}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  )
}
