import { authenticator } from 'otplib'
import type { TestApp } from './test-app'

export const STAFF_PASSWORD = 'Staff-Password-7'

/** Logs in with a password (no second factor); gives the Bearer token. */
export async function loginAs(t: TestApp, username: string, password: string, remoteAddress?: string) {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    json: { username, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  })
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`)
  return response.json<{ token: string }>().token
}

/**
 * Invites an admin as an owner would (POST /api/admin/admins; no mail server, so the one-time link is in the
 * answer), sets their password with the link, and gives their id.
 */
export async function inviteAdmin(
  t: TestApp,
  ownerToken: string,
  values: { username: string; role: 'owner' | 'staff'; password?: string },
): Promise<number> {
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/admins',
    token: ownerToken,
    json: {
      username: values.username,
      email: `${values.username}@example.com`,
      name: values.username,
      role: values.role,
    },
  })
  if (created.statusCode !== 201) throw new Error(`invite failed: ${created.statusCode} ${created.body}`)
  const body = created.json<{ admin: { id: number }; setPasswordLink: string }>()
  const token = new URL(body.setPasswordLink).searchParams.get('token')
  const password = values.password ?? STAFF_PASSWORD
  const set = await t.request({
    method: 'POST',
    url: '/api/auth/reset-password',
    json: { token, password, confirmPassword: password },
  })
  if (set.statusCode !== 200) throw new Error(`set password failed: ${set.statusCode} ${set.body}`)
  return body.admin.id
}

/**
 * Turns on two-factor sign-in for the admin of the token, whose password it is (an invited admin's by default);
 * gives the secret and the recovery codes.
 */
export async function enableTwoFactor(
  t: TestApp,
  token: string,
  password = STAFF_PASSWORD,
): Promise<{ secret: string; recoveryCodes: string[]; usedCode: string }> {
  const setup = await t.request({ method: 'POST', url: '/api/auth/two-factor/setup', token })
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`)
  const { secret } = setup.json<{ secret: string }>()
  const usedCode = authenticator.generate(secret)
  const enabled = await t.request({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    token,
    json: { password, code: usedCode },
  })
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`)
  return { secret, recoveryCodes: enabled.json<{ recoveryCodes: string[] }>().recoveryCodes, usedCode }
}

/** A TOTP code of the secret at a time (now by default): `offsetSteps` 30-second steps away. */
export function codeAt(secret: string, offsetSteps = 0, now = Date.now()): string {
  return authenticator.clone({ epoch: now + offsetSteps * 30_000 }).generate(secret)
}
