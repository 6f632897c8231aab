import { Card, Skeleton, Stack } from '@mantine/core'
import { LoadErrorView } from '../../../components/admin/load-error-view'
import { PageHeader } from '../../../components/admin/page-header'
import { SettingsForm } from '../../../features/admin-settings/settings-form'
import { TestMailCard } from '../../../features/admin-settings/test-mail-card'
import { useSettings } from '../../../features/admin-settings/use-settings'
import { usePageMeta } from '../../../features/shop/use-shop'

export function SettingsPage() {
  usePageMeta('Settings')
  const { data: settings, isError, refetch, isRefetching } = useSettings()
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
        <Skeleton height={420} radius="md" />
      ) : (
        <>
          <SettingsForm settings={settings} />
          <TestMailCard shopEmail={settings.email} mailConfigured={settings.mailConfigured} />
        </>
      )}
    </Stack>
  )
}
