import { Button, Card, Group, Stack, Title } from '@mantine/core'
import { SessionTable } from './session-table'
import { useRevokeOtherSessions, useRevokeSession, useSessions } from './use-accounts'

/** The Account screen's active sessions: sign out one of the others, or all of them. */
export function SessionsCard() {
  const sessions = useSessions()
  const revoke = useRevokeSession()
  const revokeOthers = useRevokeOtherSessions()
  const others = (sessions.data ?? []).filter((session) => !session.current)
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Active sessions
          </Title>
          <Button
            size="xs"
            variant="default"
            disabled={others.length === 0}
            loading={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate()}
          >
            Sign out all other sessions
          </Button>
        </Group>
        <SessionTable
          sessions={sessions.data}
          isLoading={sessions.isPending}
          onSignOut={(session) => revoke.mutate({ id: session.id })}
        />
      </Stack>
    </Card>
  )
}
