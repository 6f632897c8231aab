import { Card, Skeleton, Stack } from '@mantine/core'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { MoneySettingsLinks } from '../../../features/admin-money/money-settings-links'
import { MailServerAlert } from '../../../features/admin-settings/mail-server-alert'
import { PaymentMethodsCard } from '../../../features/admin-settings/payment-methods-card'
import { SettingsForm } from '../../../features/admin-settings/settings-form'
import { TestMailCard } from '../../../features/admin-settings/test-mail-card'
import { useSaveSettings, useSendTestMail, useSettings } from '../../../features/admin-settings/use-settings'
import { usePageMeta } from '../../../features/shop/use-shop'

export function SettingsPage() {
  usePageMeta('Settings')
  const { data: settings, isError, refetch, isRefetching } = useSettings()
  const save = useSaveSettings()
  const testMail = useSendTestMail()
  return (
    <Stack gap="lg" maw={860}>
      <PageHeader title="Settings" subtitle="Your shop's details, and the e-mails it sends" />
      {isError ? (
        <Card withBorder padding="lg" radius="md">
          <LoadErrorView
            message="The settings could not be loaded."
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        </Card>
      ) : !settings ? (
        <Stack gap="lg" aria-busy="true" aria-label="Loading the settings">
          <Skeleton height={300} radius="md" />
          <Skeleton height={200} radius="md" />
        </Stack>
      ) : (
        <>
          {!settings.mailConfigured && <MailServerAlert />}
          <SettingsForm settings={settings} isSaving={save.isPending} onSave={save.mutateAsync} />
          <MoneySettingsLinks />
          <TestMailCard
            shopEmail={settings.email}
            isSending={testMail.isPending}
            result={testMail.data}
            error={testMail.error}
            onSend={(input) => testMail.mutate(input)}
          />
          <PaymentMethodsCard />
        </>
      )}
    </Stack>
  )
}
