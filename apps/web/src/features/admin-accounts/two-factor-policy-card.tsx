import { Card, Switch } from '@mantine/core'
import { useAccountPolicy, useUpdateAccountPolicy } from './use-admins'

/** The owner's switch that makes two-factor sign-in required for every admin. */
export function TwoFactorPolicyCard() {
  const policy = useAccountPolicy()
  const update = useUpdateAccountPolicy()
  return (
    <Card withBorder padding="lg" radius="md">
      <Switch
        label="Require two-factor sign-in for every admin"
        description="Admins without it can only open their Account screen until they turn it on."
        checked={policy.data?.requireTwoFactor ?? false}
        disabled={!policy.data || update.isPending}
        onChange={(event) => update.mutate({ requireTwoFactor: event.currentTarget.checked })}
      />
    </Card>
  )
}
