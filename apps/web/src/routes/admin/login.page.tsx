// Mantine styles of the admin's components, with its first screen.
import './admin-styles.css'
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type LoginInput, ZLoginInput } from '@shop/schema/auth'
import { Link, useNavigate } from 'react-router-dom'
import { AuthCard } from '../../components/layout/auth-card'
import { toast } from '../../components/toasts'
import { useLogin } from '../../features/admin-auth/use-admin-auth'
import { usePageMeta } from '../../features/shop/use-shop'
import { apiMessageOf } from '../../lib/api-error'

export function LoginPage() {
  usePageMeta('Admin Login')
  const navigate = useNavigate()
  const login = useLogin()
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaResolver(ZLoginInput),
  })

  const onSubmit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: () => navigate('/admin', { replace: true }),
      onError: (error) =>
        toast({
          title: 'Login Failed',
          message: apiMessageOf(error) ?? 'Authentication failed',
          isError: true,
        }),
    }),
  )

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
