import { z } from 'zod'
import { visibleText, ZId } from './common'

export const PASSWORD_MIN_LENGTH = 8
export const MAX_USERNAME_LENGTH = 100
// A cap well above any passphrase: a password is hashed with scrypt, and a huge one is refused before that.
export const MAX_PASSWORD_LENGTH = 1024
const PASSWORD_TOO_LONG = `Password must be at most ${MAX_PASSWORD_LENGTH} characters`

export const ZAdmin = z.object({
  id: ZId,
  username: z.string(),
  name: z.string(),
  email: z.string(),
})
export type Admin = z.infer<typeof ZAdmin>

/** A display name of an admin (shown in the admin shell): visible text. */
export const ZAdminName = z
  .string({ error: 'Name is required' })
  .trim()
  .max(100, 'Name must be at most 100 characters')
  .check(visibleText('Name', { min: 1, tooShort: 'Name is required' }))

// The schema-wide `error` of z.string() answers every check without a message of its own, so each check names
// its own: a long username is not a missing one.
export const ZLoginInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(MAX_USERNAME_LENGTH, `Username must be at most ${MAX_USERNAME_LENGTH} characters`),
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
    .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
})
export type LoginInput = z.infer<typeof ZLoginInput>

export const ZLoginResult = z.object({ message: z.string(), token: z.string(), admin: ZAdmin })
export type LoginResult = z.infer<typeof ZLoginResult>

export const ZForgotPasswordInput = z.object({
  email: z
    .string({ error: 'Please provide a valid email address' })
    .trim()
    .pipe(z.email('Please provide a valid email address').max(254, 'Please provide a valid email address')),
})
export type ForgotPasswordInput = z.infer<typeof ZForgotPasswordInput>

/** token, resetLink and note appear only when no mail server is configured outside production (spec fallback). */
export const ZForgotPasswordResult = z.object({
  message: z.string(),
  token: z.string().optional(),
  resetLink: z.string().optional(),
  note: z.string().optional(),
})
export type ForgotPasswordResult = z.infer<typeof ZForgotPasswordResult>

/** The reset form's password rules, each with its own message. */
export const ZNewPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters')
  .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG)
  .regex(/[A-Z]/, 'Password must contain at least one uppercase letter')
  .regex(/[a-z]/, 'Password must contain at least one lowercase letter')
  .regex(/[0-9]/, 'Password must contain at least one number')
  .regex(/[^A-Za-z0-9]/, 'Password must contain at least one special character')

export const ZResetPasswordInput = z
  .object({
    token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
    password: ZNewPassword,
    confirmPassword: z
      .string({ error: 'Confirm password is required' })
      .min(1, 'Confirm password is required')
      .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
export type ResetPasswordInput = z.infer<typeof ZResetPasswordInput>

export const ZMessage = z.object({ message: z.string() })
