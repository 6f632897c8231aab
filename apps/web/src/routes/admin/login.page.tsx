// Mantine styles of the admin's components, with its first screen.
import './admin-styles.css'
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type LoginInput, ZLoginInput } from '@shop/schema/auth'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { AuthCard } from '../../components/layout/auth-card'
import { toast } from '../../components/toasts'
import { TwoFactorStep } from '../../features/admin-accounts/two-factor-step'
import { useLogin } from '../../features/admin-auth/use-admin-auth'
import { usePageMeta } from '../../features/shop/use-shop'
import { apiMessageOf } from '../../lib/api-error'

export function LoginPage() {
  usePageMeta('Admin Login')
  const navigate = useNavigate()
  const login = useLogin()
  // Set when the password was right and the admin signs in with two factors: the second step's form shows.
  const [challenge, setChallenge] = useState<string | null>(null)
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(ZLoginInput),
  })

  const onSubmit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: (result) => {
        if ('challenge' in result) setChallenge(result.challenge)
        else navigate('/admin', { replace: true })
      },
      onError: (error) =>
        toast({
          title: 'Login Failed',
          message: apiMessageOf(error) ?? 'Authentication failed',
          isError: true,
        }),
    }),
  )

  if (challenge) {
    return (
      <AuthCard title="Two-Factor Sign-In" subtitle="Enter the 6-digit code from your authenticator app.">
        <TwoFactorStep
          challenge={challenge}
          onDone={() => navigate('/admin', { replace: true })}
          onRestart={() => setChallenge(null)}
        />
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Admin Login" subtitle="Sign in to manage your shop.">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Username"
            autoComplete="username"
            key={form.key('username')}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/admin/forgot-password" size="sm" c="gold.8">
              Forgot Password?
            </Anchor>
          </Group>
          <Button type="submit" fullWidth disabled={login.isPending}>
            {login.isPending ? 'Logging in...' : 'Login'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
