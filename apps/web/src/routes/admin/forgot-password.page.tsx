// Mantine styles of the admin's components, with its first screen.
import './admin-styles.css'
import { Alert, Anchor, Button, Code, Stack, Text, TextInput } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { type ForgotPasswordInput, type ForgotPasswordResult, ZForgotPasswordInput } from '@shop/schema/auth'
import { IconMailCheck } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { AuthCard } from '../../components/layout/auth-card'
import { toast } from '../../components/toasts'
import { useForgotPassword } from '../../features/admin-auth/use-admin-auth'
import { usePageMeta } from '../../features/shop/use-shop'

function ReceivedNotice({ result }: { result: ForgotPasswordResult }) {
  // Without a mail server the API hands the link back (spec fallback): show it with a button to use it.
  if (result.token && result.resetLink) {
    const resetPath = `/admin/reset-password?token=${encodeURIComponent(result.token)}`
    return (
      <Stack gap="md">
        <Alert color="yellow" title="The email could not be sent">
          {result.note ?? 'Use the link below to reset your password.'}
        </Alert>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {result.resetLink}
        </Code>
        <Button component={Link} to={resetPath}>
          Reset Password
        </Button>
      </Stack>
    )
  }
  return (
    <Alert color="gold" icon={<IconMailCheck size={18} />} title="Request received">
      {result.message}
    </Alert>
  )
}

export function ForgotPasswordPage() {
  usePageMeta('Forgot Password')
  const forgot = useForgotPassword()
  const [result, setResult] = useState<ForgotPasswordResult | null>(null)
  const form = useForm<ForgotPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(ZForgotPasswordInput),
  })

  const onSubmit = form.onSubmit((values) =>
    forgot.mutate(values, {
      onSuccess: (answer) => {
        setResult(answer)
        if (answer.note) toast({ title: 'Email Sending Issue', message: answer.note, isError: true })
      },
      onError: () =>
        toast({ title: 'Error', message: 'Failed to process your request. Please try again later.', isError: true }),
    }),
  )

  return (
    <AuthCard title="Forgot Password" subtitle="Enter your email and we will send you a link to reset your password.">
      {result ? (
        <ReceivedNotice result={result} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={forgot.isPending}>
              Send Reset Link
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
