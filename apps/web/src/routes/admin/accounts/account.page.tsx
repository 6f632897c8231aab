import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import {
  type ChangePasswordInput,
  type TwoFactorSetup,
  ZChangePasswordInput,
  ZEnableTwoFactorInput,
} from '@shop/schema/accounts'
import { ZVerificationCode } from '@shop/schema/common'
import { useState } from 'react'
import { PageHeader } from '../../../components/admin/page-header'
import { toastFailure } from '../../../components/admin/toast-failure'
import { toast } from '../../../components/toasts'
import {
  useAccount,
  useChangePassword,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
  useTwoFactorDisable,
  useTwoFactorEnable,
  useTwoFactorSetup,
} from '../../../features/admin-accounts/use-accounts'
import { usePageMeta } from '../../../features/shop/use-shop'
import { formatDateTime } from '../../../lib/format'

function ChangePasswordCard() {
  const change = useChangePassword()
  const form = useForm<ChangePasswordInput>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: schemaResolver(ZChangePasswordInput),
  })
  const onSubmit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: (result) => {
        toast({ title: 'Password changed', message: result.message })
        form.reset()
      },
      onError: (error) => toastFailure('Your password could not be changed.', error),
    }),
  )
  return (
    <Card withBorder padding="lg" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            Change password
          </Title>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            key={form.key('currentPassword')}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  )
}

/** A 6-digit code field checked with the spec's rule before it is sent. */
function useCodeField() {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const check = () => {
    const result = ZVerificationCode.safeParse(code.trim())
    setError(result.success ? null : (result.error.issues[0]?.message ?? 'Verification code must be 6 digits'))
    return result.success ? result.data : undefined
  }
  return { code, setCode, error, setError, check }
}

/** The password that turning two-factor sign-in on or off asks again, checked with the API's rule before it is sent. */
function usePasswordField() {
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const check = () => {
    const result = ZEnableTwoFactorInput.shape.password.safeParse(password)
    setError(result.success ? null : (result.error.issues[0]?.message ?? 'Current password is required'))
    return result.success ? result.data : undefined
  }
  return { password, setPassword, error, check }
}

/** The recovery codes, shown once: they stay on screen until dismissed, whatever the account query says since. */
/** The password and a code of the authenticator, asked both to turn two-factor sign-in on and to turn it off. */
function PasswordAndCode({
  passwordField,
  codeField,
  codeLabel,
}: {
  passwordField: ReturnType<typeof usePasswordField>
  codeField: ReturnType<typeof useCodeField>
  codeLabel: string
}) {
  return (
    <Group align="flex-start">
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        value={passwordField.password}
        onChange={(event) => passwordField.setPassword(event.currentTarget.value)}
        error={passwordField.error}
        w={220}
      />
      <TextInput
        label={codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={codeField.code}
        onChange={(event) => codeField.setCode(event.currentTarget.value)}
        error={codeField.error}
        w={140}
      />
    </Group>
  )
}

function RecoveryCodesAlert({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Alert color="gold" title="Save your recovery codes">
      <Stack gap="xs">
        <Text size="sm">
          Two-factor sign-in is on. Each of these codes signs you in once if you lose your phone. They are shown only
          now: write them down or print them.
        </Text>
        <Code block aria-label="Recovery codes">
          {codes.join('\n')}
        </Code>
        <Button size="xs" variant="default" w="fit-content" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Alert>
  )
}

function TurnOn({ onEnabled }: { onEnabled: (recoveryCodes: string[]) => void }) {
  const setup = useTwoFactorSetup()
  const enable = useTwoFactorEnable()
  const [secret, setSecret] = useState<TwoFactorSetup | null>(null)
  const passwordField = usePasswordField()
  const field = useCodeField()

  if (!secret) {
    return (
      <Button
        w="fit-content"
        loading={setup.isPending}
        onClick={() =>
          setup.mutate(undefined, {
            onSuccess: setSecret,
            onError: (error) => toastFailure('Two-factor sign-in could not be started.', error),
          })
        }
      >
        Turn on two-factor sign-in
      </Button>
    )
  }
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const password = passwordField.check()
    const code = field.check()
    if (password === undefined || !code) return
    // mutateAsync, not mutate's callbacks: the account refetched after the change swaps this form for the "on"
    // view, and the codes, shown once, must reach the card even so.
    enable.mutateAsync({ password, code }).then(
      (result) => {
        toast({ title: 'Two-factor sign-in is on' })
        onEnabled(result.recoveryCodes)
      },
      (error: unknown) => toastFailure('Two-factor sign-in could not be turned on.', error),
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Scan this QR code with your authenticator app, or enter the key by hand, then enter your password and the
          6-digit code the app shows.
        </Text>
        <Image
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qrSvg)}`}
          alt="QR code to scan with your authenticator app"
          w={180}
          h={180}
        />
        <Text size="sm">
          Key: <Code data-testid="totp-secret">{secret.secret}</Code>
        </Text>
        <PasswordAndCode passwordField={passwordField} codeField={field} codeLabel="Verification code" />
        <Button type="submit" w="fit-content" loading={enable.isPending}>
          Confirm
        </Button>
      </Stack>
    </form>
  )
}

function TurnOff() {
  const disable = useTwoFactorDisable()
  const passwordField = usePasswordField()
  const field = useCodeField()
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    const password = passwordField.check()
    const code = field.check()
    if (password === undefined || !code) return
    disable.mutate(
      { password, code },
      {
        onSuccess: () => toast({ title: 'Two-factor sign-in is off' }),
        onError: (error) => toastFailure('Two-factor sign-in could not be turned off.', error),
      },
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">To turn it off, enter your password and a current code.</Text>
        <PasswordAndCode passwordField={passwordField} codeField={field} codeLabel="Code" />
        <Button type="submit" color="red" variant="light" w="fit-content" loading={disable.isPending}>
          Turn off two-factor sign-in
        </Button>
      </Stack>
    </form>
  )
}

function TwoFactorCard() {
  const account = useAccount()
  const isOn = account.data?.twoFactor ?? false
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null)
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Two-factor sign-in
          </Title>
          <Badge variant="dot" color={isOn ? 'green.7' : 'gray.6'} c="ink.9" radius="sm">
            {isOn ? 'On' : 'Off'}
          </Badge>
        </Group>
        {account.data?.mustEnableTwoFactor && (
          <Alert color="orange">This shop requires two-factor sign-in: turn it on to open the other screens.</Alert>
        )}
        {recoveryCodes ? (
          <RecoveryCodesAlert codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : isOn ? (
          <>
            <Text size="sm">{account.data?.recoveryCodesLeft} recovery codes left.</Text>
            <TurnOff />
          </>
        ) : (
          <TurnOn onEnabled={setRecoveryCodes} />
        )}
      </Stack>
    </Card>
  )
}

function SessionsCard() {
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
            onClick={() =>
              revokeOthers.mutate(undefined, {
                onSuccess: (result) => toast({ title: 'Signed out', message: result.message }),
                onError: (error) => toastFailure('The sessions could not be signed out.', error),
              })
            }
          >
            Sign out all other sessions
          </Button>
        </Group>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>IP address</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(sessions.data ?? []).map((session) => (
                <Table.Tr key={session.id}>
                  <Table.Td>
                    {session.device}
                    {session.current && (
                      <Badge ml="xs" size="sm" variant="dot" color="gold.7" c="ink.9" radius="sm">
                        This session
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{session.ip || 'Unknown'}</Table.Td>
                  <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
                  <Table.Td ta="right">
                    {!session.current && (
                      <Button
                        size="xs"
                        variant="subtle"
                        aria-label={`Sign out ${session.device} (${session.ip || 'unknown address'})`}
                        onClick={() =>
                          revoke.mutate(
                            { id: session.id },
                            {
                              onSuccess: () => toast({ title: 'Session signed out' }),
                              onError: (error) => toastFailure('The session could not be signed out.', error),
                            },
                          )
                        }
                      >
                        Sign out
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  )
}

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
