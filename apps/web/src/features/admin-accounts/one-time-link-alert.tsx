import { Alert, Button, Code, CopyButton, Stack, Text } from '@mantine/core'

/** The link that lets an invited admin set their password, answered only when no mail server is configured. */
export interface OneTimeLink {
  username: string
  url: string
}

/** The invitation's one-time link, shown once with a button that copies it. */
export function OneTimeLinkAlert({ link }: { link: OneTimeLink }) {
  return (
    <Alert color="gold" title={`One-time link for ${link.username}`}>
      <Stack gap="xs">
        <Text size="sm">
          No mail server is configured: give this link to the new admin to set their password. It is shown only once and
          works for 7 days.
        </Text>
        <Code block>{link.url}</Code>
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} w="fit-content">
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  )
}
