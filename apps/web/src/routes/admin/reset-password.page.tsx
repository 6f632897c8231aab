// Mantine styles of the admin's components, with its first screen.
import './admin-styles.css'
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type ResetPasswordInput, ZResetPasswordInput } from '@shop/schema/auth'
import { IconCircleCheck } from '@tabler/icons-react'
import { useEffect } from 'react'
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { AuthCard } from '../../components/layout/auth-card'
import { toast } from '../../components/toasts'
import { useResetPassword } from '../../features/admin-auth/use-admin-auth'
import { usePageMeta } from '../../features/shop/use-shop'

const REDIRECT_AFTER_RESET_MS = 3000

function InvalidLink() {
  useEffect(() => {
    toast({ title: 'Invalid Reset Link', message: 'The password reset link is invalid or has expired.', isError: true })
  }, [])
  return <Navigate to="/admin/login" replace />
}

function ResetDone() {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = setTimeout(() => navigate('/admin/login', { replace: true }), REDIRECT_AFTER_RESET_MS)
    return () => clearTimeout(timer)
  }, [navigate])
  return (
    <Alert color="green" icon={<IconCircleCheck size={18} />} title="Password reset successful">
      Your password has been changed. Taking you to the login page...
    </Alert>
  )
}

export function ResetPasswordPage() {
  usePageMeta('Reset Password')
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const reset = useResetPassword()
  const form = useForm<ResetPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { token, password: '', confirmPassword: '' },
    validate: schemaResolver(ZResetPasswordInput),
  })

  if (!token) return <InvalidLink />

  const onSubmit = form.onSubmit((values) =>
    reset.mutate(values, {
      onError: () =>
        toast({
          title: 'Password Reset Failed',
          message: 'The reset link is invalid or has expired. Please request a new password reset.',
          isError: true,
        }),
    }),
  )

  return (
    <AuthCard
      title="Reset Password"
      subtitle="At least 8 characters, with an uppercase and a lowercase letter, a number and a special character."
    >
      {reset.isSuccess ? (
        <ResetDone />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirm password"
              autoComplete="new-password"
              key={form.key('confirmPassword')}
              {...form.getInputProps('confirmPassword')}
            />
            <Button type="submit" fullWidth loading={reset.isPending}>
              Reset Password
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/admin/login" c="gold.8">
          Back to Login
        </Anchor>
      </Text>
    </AuthCard>
  )
}
