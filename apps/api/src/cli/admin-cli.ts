/**
 * Creates or resets an admin from the terminal, against the database the server would use (same env / .env):
 *   pnpm admin create --username jane --email jane@example.com --name "Jane Doe" [--role owner|staff] [--password ...]
 *   pnpm admin reset [--username admin] [--password ...]
 * Without --password a strong one is generated and printed. A new admin is an owner unless --role says staff. A
 * reset ends the admin's sessions. Both are written into the audit log, by "pnpm admin" from "command line".
 */
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import * as adminsRepo from '@shop/db/admins'
import { createDb } from '@shop/db/client'
import { migrateToLatest } from '@shop/db/migrate'
import * as sessionsRepo from '@shop/db/sessions'
import { ADMIN_ROLES, type AdminRole } from '@shop/schema/accounts'
import { ZAdminName, ZNewPassword } from '@shop/schema/auth'
import { type Config, loadConfig } from '../env'
import { type Actor, audit } from '../lib/audit'
import { generatePassword, hashPassword } from '../lib/crypto'

const usage = `Usage:
  pnpm admin create --username <name> --email <email> [--name <display name>] [--role owner|staff] [--password <password>]
  pnpm admin reset [--username <name>] [--password <password>]`

/** Where the CLI writes: the terminal, or a test's buffers. */
export interface Output {
  log: (line: string) => void
  error: (line: string) => void
}

/** Who the audit log names for the CLI's writes: no signed-in admin, the shop's own terminal. */
// The command line acts as no admin: its entries name the command, from the machine itself.
const CLI_ACTOR: Actor = { id: null, username: 'pnpm admin', ip: 'command line' }

function isAdminRole(value: string): value is AdminRole {
  return (ADMIN_ROLES as readonly string[]).includes(value)
}

function parseCommandLine(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string' },
    },
  })
}

export async function runAdminCli(args: string[], out: Output = console, config?: Config): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>
  try {
    parsed = parseCommandLine(args)
  } catch (error) {
    out.error(`${(error as Error).message}\n${usage}`)
    return 2
  }
  const { positionals, values } = parsed
  const command = positionals[0]
  if (command !== 'create' && command !== 'reset') {
    out.error(usage)
    return 2
  }
  if (values.role !== undefined && command !== 'create') {
    out.error("--role is for create only; change an admin's role on the Admins screen")
    return 2
  }
  const role = values.role ?? 'owner'
  if (!isAdminRole(role)) {
    out.error(`--role must be owner or staff, not '${role}'`)
    return 2
  }
  // The name is shown in the back office: it follows the rules of every other name people read.
  const name = values.name === undefined ? undefined : ZAdminName.safeParse(values.name)
  if (name && !name.success) {
    out.error(name.error.issues.map((issue) => issue.message).join('\n'))
    return 2
  }
  if (values.password !== undefined) {
    const check = ZNewPassword.safeParse(values.password)
    if (!check.success) {
      out.error(check.error.issues.map((issue) => issue.message).join('\n'))
      return 2
    }
  }
  const settings = config ?? loadConfig()
  const db = createDb(settings.database)
  try {
    await migrateToLatest(db)
    const username = values.username ?? settings.admin.username
    const password = values.password ?? generatePassword()
    const passwordHash = await hashPassword(password)
    const existing = await adminsRepo.findByUsername(db, username)
    if (command === 'create') {
      if (existing) {
        out.error(`An admin named '${username}' already exists; use: pnpm admin reset --username ${username}`)
        return 1
      }
      if (!values.email) {
        out.error(`--email is required to create an admin\n${usage}`)
        return 2
      }
      const email = values.email
      await db.transaction().execute(async (tx) => {
        const admin = await adminsRepo.insert(tx, { username, email, name: name?.data ?? username, passwordHash, role })
        await audit(tx, CLI_ACTOR, {
          action: 'created',
          entity: 'admin',
          entityId: admin.id,
          changes: { username: [null, username], email: [null, email], role: [null, role] },
        })
      })
      out.log(`Created admin '${username}' (${role}).`)
    } else {
      if (!existing) {
        out.error(`No admin named '${username}'. Create one with: pnpm admin create --username ${username} --email ...`)
        return 1
      }
      await db.transaction().execute(async (tx) => {
        await adminsRepo.updatePassword(tx, existing.id, passwordHash)
        await sessionsRepo.removeAllForAdmin(tx, existing.id)
        await audit(tx, CLI_ACTOR, {
          action: 'password reset',
          entity: 'admin',
          entityId: existing.id,
          changes: { username },
        })
      })
      out.log(`Reset the password of '${username}' and ended its sessions.`)
    }
    if (!values.password) out.log(`Password: ${password}`)
    return 0
  } finally {
    await db.destroy()
  }
}

const program = process.argv[1]
if (program && import.meta.url === pathToFileURL(fs.realpathSync(program)).href) {
  process.exitCode = await runAdminCli(process.argv.slice(2))
}
