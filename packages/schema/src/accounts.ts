import { z } from 'zod'
import { MAX_PASSWORD_LENGTH, MAX_USERNAME_LENGTH, ZAdmin, ZAdminName, ZLoginResult, ZNewPassword } from './auth'
import { dayRange, pageFields, ZDay, ZId, ZOtp, ZVerificationCode } from './common'

// Back-office accounts: roles, the Admins screen, two-factor sign-in, sessions and the audit log
// (docs/decisions/0013-admin-accounts.md).

export const ADMIN_ROLES = ['owner', 'staff'] as const
export const ZAdminRole = z.enum(ADMIN_ROLES, { error: 'Role must be owner or staff' })
export type AdminRole = z.infer<typeof ZAdminRole>

/** What a staff member is refused, on every owner-only path. */
export const OWNER_ONLY_MESSAGE = 'Only an owner can do this: ask an owner of the shop'
/** What an admin without a second factor is refused while the shop requires one. */
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'This shop requires two-factor sign-in: turn it on from your Account screen first'

export const ZAdminAccount = ZAdmin.extend({
  role: ZAdminRole,
  disabled: z.boolean(),
  twoFactor: z.boolean(),
  createdAt: z.string(),
})
export type AdminAccount = z.infer<typeof ZAdminAccount>

export const ZCreateAdminInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(MAX_USERNAME_LENGTH, `Username must be at most ${MAX_USERNAME_LENGTH} characters`)
    .regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only letters, numbers, dots, hyphens and underscores'),
  email: z
    .string({ error: 'Please provide a valid email address' })
    .trim()
    .pipe(z.email('Please provide a valid email address').max(254, 'Please provide a valid email address')),
  name: ZAdminName,
  role: ZAdminRole,
})
export type CreateAdminInput = z.input<typeof ZCreateAdminInput>

export const ZCreateAdminResult = z.object({
  message: z.string(),
  admin: ZAdminAccount,
  /** The one-time set-password link, given once when no mail server can send it. */
  setPasswordLink: z.string().optional(),
})
export type CreateAdminResult = z.infer<typeof ZCreateAdminResult>

export const ZUpdateAdminInput = z.object({
  id: ZId,
  role: ZAdminRole.optional(),
  disabled: z.boolean({ error: 'Disabled must be true or false' }).optional(),
})
export type UpdateAdminInput = z.input<typeof ZUpdateAdminInput>

export const ZAccountPolicy = z.object({
  requireTwoFactor: z.boolean({ error: 'Require two-factor must be true or false' }),
})
export type AccountPolicy = z.infer<typeof ZAccountPolicy>

/** The signed-in admin's own account: the Account screen and the admin shell (which screens to show). */
export const ZAccount = ZAdmin.extend({
  role: ZAdminRole,
  twoFactor: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** The shop requires two-factor sign-in and this admin has not turned it on: only the Account screen works. */
  mustEnableTwoFactor: z.boolean(),
})
export type Account = z.infer<typeof ZAccount>

// --- Two-factor sign-in ------------------------------------------------------------------------------------------

/** A login whose password was right, for an admin with two-factor sign-in: the second step takes `challenge`. */
export const ZLoginChallenge = z.object({
  message: z.string(),
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
})
export type LoginChallenge = z.infer<typeof ZLoginChallenge>

export const ZLoginAnswer = z.union([ZLoginResult, ZLoginChallenge])
export type LoginAnswer = z.infer<typeof ZLoginAnswer>

/** A recovery code as shown: 10 characters in two groups of 5 (xxxxx-xxxxx); case and the hyphen do not matter. */
export const ZRecoveryCode = z
  .string({ error: 'Recovery code must be 10 letters or digits' })
  .trim()
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, 'Recovery code must be 10 letters or digits'))

export const ZTwoFactorLoginInput = z
  .object({
    challenge: z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(200, 'Sign in again'),
    code: ZOtp.optional(),
    recoveryCode: ZRecoveryCode.optional(),
  })
  .refine((value) => (value.code === undefined) !== (value.recoveryCode === undefined), {
    message: 'OTP must be 6 digits',
    path: ['code'],
  })
export type TwoFactorLoginInput = z.input<typeof ZTwoFactorLoginInput>

export const ZTwoFactorSetup = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code, drawn by the server (no outside service). */
  qrSvg: z.string(),
})
export type TwoFactorSetup = z.infer<typeof ZTwoFactorSetup>

const ZCurrentPassword = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`)

/**
 * Turning two-factor sign-in on or off takes the password again, not only the session: with a stolen session
 * alone, nobody can tie the account to their own authenticator (and lock its owner out) or remove the second factor.
 */
export const ZEnableTwoFactorInput = z.object({ password: ZCurrentPassword, code: ZVerificationCode })
export const ZRecoveryCodes = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof ZRecoveryCodes>

export const ZDisableTwoFactorInput = ZEnableTwoFactorInput

// --- Account -----------------------------------------------------------------------------------------------------

export const ZChangePasswordInput = z
  .object({
    currentPassword: ZCurrentPassword,
    password: ZNewPassword,
    confirmPassword: z
      .string({ error: 'Confirm password is required' })
      .min(1, 'Confirm password is required')
      .max(MAX_PASSWORD_LENGTH, `Password must be at most ${MAX_PASSWORD_LENGTH} characters`),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  })
export type ChangePasswordInput = z.input<typeof ZChangePasswordInput>

export const ZSession = z.object({
  id: ZId,
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
})
export type Session = z.infer<typeof ZSession>

// --- Audit log ---------------------------------------------------------------------------------------------------

export const AUDIT_ENTITIES = [
  'session',
  'product',
  'category',
  'order',
  'testimonial',
  'settings',
  'shipping-zone',
  'tax-rate',
  'discount',
  'admin',
  'upload',
  'access',
] as const
export const ZAuditEntity = z.enum(AUDIT_ENTITIES, { error: `Entity must be one of: ${AUDIT_ENTITIES.join(', ')}` })
export type AuditEntity = z.infer<typeof ZAuditEntity>

export const ZAuditListInput = z
  .object({
    ...pageFields,
    adminId: ZId.optional(),
    entity: ZAuditEntity.optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    message: 'The start date must be on or before the end date',
    path: ['to'],
  })
export type AuditListInput = z.input<typeof ZAuditListInput>
export { dayRange }

export const ZAuditEntry = z.object({
  id: ZId,
  createdAt: z.string(),
  adminId: z.number().nullable(),
  actor: z.string(),
  ip: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
})
export type AuditEntry = z.infer<typeof ZAuditEntry>
