import { SimpleGrid, Stack } from '@mantine/core'
import { PageHeader } from '../../../components/admin/page-header'
import { ChangePasswordCard } from '../../../features/admin-accounts/change-password-card'
import { SessionsCard } from '../../../features/admin-accounts/sessions-card'
import { TwoFactorCard } from '../../../features/admin-accounts/two-factor-card'
import { useAccount } from '../../../features/admin-accounts/use-accounts'
import { usePageMeta } from '../../../features/shop/use-shop'

export function AccountPage() {
  usePageMeta('Account')
  const account = useAccount()
  return (
    <Stack gap="lg">
      <PageHeader
        title="Account"
        subtitle={
          account.data ? `${account.data.name} (${account.data.username}) · ${account.data.role}` : 'Your account'
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TwoFactorCard />
        <ChangePasswordCard />
      </SimpleGrid>
      <SessionsCard />
    </Stack>
  )
}
