import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core'
import { IconAlertTriangle, IconCircleCheck, IconMailOff } from '@tabler/icons-react'
import { useState } from 'react'
import { apiMessageOf } from '../../lib/api-error'
import { useSendTestMail } from './use-settings'

/** "Send test e-mail": what the mail server said, in plain words. */
export function TestMailCard({ shopEmail, mailConfigured }: { shopEmail: string; mailConfigured: boolean }) {
  const [to, setTo] = useState('')
  const send = useSendTestMail()
  const result = send.data
  const failure = send.error ? (apiMessageOf(send.error) ?? 'The test e-mail could not be sent.') : undefined
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={2} fz="lg" mb="md">
        Test e-mail
      </Title>
      <Stack gap="sm">
        {!mailConfigured && (
          <Alert color="yellow" icon={<IconMailOff size={18} />} title="No mail server is configured">
            Order e-mails and password reset links are written to the server log instead of being sent. Set SMTP_HOST,
            SMTP_PORT, SMTP_USER, SMTP_PASSWORD and SMTP_FROM (see the README) and restart the shop.
          </Alert>
        )}
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Send to"
            type="email"
            placeholder={shopEmail}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
          />
          <Button
            variant="default"
            loading={send.isPending}
            onClick={() => send.mutate(to.trim() ? { to: to.trim() } : {})}
          >
            Send test e-mail
          </Button>
        </Group>
        <Text size="xs" c="ink.6">
          Leave empty to send it to the shop e-mail.
        </Text>
        {result && (
          <Alert
            color={result.delivered ? 'green' : 'red'}
            icon={result.delivered ? <IconCircleCheck size={18} /> : <IconAlertTriangle size={18} />}
            role="status"
          >
            {result.message}
          </Alert>
        )}
        {failure && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="status">
            {failure}
          </Alert>
        )}
      </Stack>
    </Card>
  )
}
