import { Alert, Text } from '@mantine/core'
import { IconMailOff } from '@tabler/icons-react'

// Mantine's Code would be a chunk of its own, shared with the forgot-password screen, for five words.
function Env({ children }: { children: string }) {
  return (
    <Text component="code" ff="monospace" fz="sm">
      {children}
    </Text>
  )
}

/** This server has no SMTP settings: every mail goes to its log and is marked failed (the admin may resend it). */
export function MailServerAlert() {
  return (
    <Alert color="yellow" variant="light" icon={<IconMailOff size={18} />} title="No mail server is configured">
      The shop's e-mails (order confirmations, status updates, order links, password resets) are written to the server
      log instead of being sent. Set <Env>SMTP_HOST</Env>, <Env>SMTP_PORT</Env>, <Env>SMTP_USER</Env>,{' '}
      <Env>SMTP_PASSWORD</Env> and <Env>SMTP_FROM</Env> (see "Pointing SMTP at a real provider" in
      docs/guide/orders-and-mails.md), restart the shop, then send a test e-mail below.
    </Alert>
  )
}
