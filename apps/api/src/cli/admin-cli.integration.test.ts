/**
 * `pnpm admin` through runAdminCli, against a running app's database (SQLite and PostgreSQL): the admins it
 * creates sign in with the role they were given, and what it refuses changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { runAdminCli } from './admin-cli'

const PASSWORD = 'Terminal-Secret-8'

let t: TestApp
let ownerToken: string

beforeAll(async () => {
  t = await createTestApp()
  ownerToken = await t.login()
})

afterAll(async () => {
  await t?.close()
})

async function cli(...args: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await runAdminCli(
    args,
    {
      log: (line) => {
        stdout += `${line}\n`
      },
      error: (line) => {
        stderr += `${line}\n`
      },
    },
    t.config,
  )
  return { code, stdout, stderr }
}

async function adminNamed(username: string) {
  const list = await t.request({ method: 'GET', url: '/api/admin/admins', token: ownerToken })
  return list.json<Array<{ id: number; username: string; role: string }>>().find((admin) => admin.username === username)
}

async function signIn(username: string): Promise<string> {
  const login = await t.request({ method: 'POST', url: '/api/auth/login', json: { username, password: PASSWORD } })
  expect(login.statusCode, login.body).toBe(200)
  return login.json().token
}

describe('pnpm admin create --role', () => {
  it('creates an owner without --role, as before', async () => {
    const run = await cli('create', '--username', 'olga', '--email', 'olga@example.com', '--password', PASSWORD)
    expect(run).toEqual({ code: 0, stdout: "Created admin 'olga' (owner).\n", stderr: '' })
    expect(await adminNamed('olga')).toMatchObject({ role: 'owner' })
    const token = await signIn('olga')
    expect((await t.request({ method: 'GET', url: '/api/admin/admins', token })).statusCode).toBe(200)
  })

  it('creates a staff admin with --role staff, who is refused the owner-only screens', async () => {
    const run = await cli(
      'create',
      '--username',
      'sid',
      '--email',
      'sid@example.com',
      '--role',
      'staff',
      '--password',
      PASSWORD,
    )
    expect(run).toEqual({ code: 0, stdout: "Created admin 'sid' (staff).\n", stderr: '' })
    const sid = await adminNamed('sid')
    expect(sid).toMatchObject({ role: 'staff' })
    const token = await signIn('sid')
    expect((await t.request({ method: 'GET', url: '/api/admin/admins', token })).statusCode).toBe(403)
    expect((await t.request({ method: 'GET', url: '/api/admin/products', token })).statusCode).toBe(200)
    // The audit log names the command line as the author.
    const log = await t.request({
      method: 'GET',
      url: '/api/admin/audit-log?entity=admin&pageSize=1',
      token: ownerToken,
    })
    expect(log.json()[0]).toMatchObject({
      actor: 'pnpm admin',
      ip: 'command line',
      adminId: null,
      action: 'created',
      entityId: String(sid?.id),
      changes: { username: [null, 'sid'], role: [null, 'staff'] },
    })
  })

  it('refuses another role with a clear message, and creates nobody', async () => {
    const run = await cli('create', '--username', 'max', '--email', 'max@example.com', '--role', 'admin')
    expect(run).toEqual({ code: 2, stdout: '', stderr: "--role must be owner or staff, not 'admin'\n" })
    const empty = await cli('create', '--username', 'max', '--email', 'max@example.com', '--role', '')
    expect(empty).toEqual({ code: 2, stdout: '', stderr: "--role must be owner or staff, not ''\n" })
    const missingValue = await cli('create', '--username', 'max', '--email', 'max@example.com', '--role')
    expect(missingValue.code).toBe(2)
    expect(missingValue.stderr).toMatch(/^Option '--role <value>' argument missing\nUsage:/)
    const onReset = await cli('reset', '--username', 'olga', '--role', 'staff')
    expect(onReset).toEqual({
      code: 2,
      stdout: '',
      stderr: "--role is for create only; change an admin's role on the Admins screen\n",
    })
    expect(await adminNamed('max')).toBeUndefined()
    expect(await adminNamed('olga')).toMatchObject({ role: 'owner' })
  })
})
