/**
 * Creates or resets an admin from the terminal, against the database the server would use (same env / .env):
 *   pnpm admin create --username jane --email jane@example.com --name "Jane Doe" [--password ...]
 *   pnpm admin reset [--username admin] [--password ...]
 * Without --password a strong one is generated and printed. A reset ends the admin's sessions.
 */
import { parseArgs } from 'node:util'
import * as adminsRepo from '@shop/db/admins'
import { createDb } from '@shop/db/client'
import { migrateToLatest } from '@shop/db/migrate'
import * as sessionsRepo from '@shop/db/sessions'
import { ZAdminName, ZNewPassword } from '@shop/schema/auth'
import { loadConfig } from '../env'
import { generatePassword, hashPassword } from '../lib/crypto'

const usage = `Usage:
  pnpm admin create --username <name> --email <email> [--name <display name>] [--password <password>]
  pnpm admin reset [--username <name>] [--password <password>]`

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
    },
  })
  const command = positionals[0]
  if (command !== 'create' && command !== 'reset') {
    console.error(usage)
    return 2
  }
  // The name is shown in the back office: it follows the rules of every other name people read.
  const name = values.name === undefined ? undefined : ZAdminName.safeParse(values.name)
  if (name && !name.success) {
    console.error(name.error.issues.map((issue) => issue.message).join('\n'))
    return 2
  }
  if (values.password !== undefined) {
    const check = ZNewPassword.safeParse(values.password)
    if (!check.success) {
      console.error(check.error.issues.map((issue) => issue.message).join('\n'))
      return 2
    }
  }
  const config = loadConfig()
  const db = createDb(config.database)
  try {
    await migrateToLatest(db)
    const username = values.username ?? config.admin.username
    const password = values.password ?? generatePassword()
    const passwordHash = await hashPassword(password)
    const existing = await adminsRepo.findByUsername(db, username)
    if (command === 'create') {
      if (existing) {
        console.error(`An admin named '${username}' already exists; use: pnpm admin reset --username ${username}`)
        return 1
      }
      if (!values.email) {
        console.error(`--email is required to create an admin\n${usage}`)
        return 2
      }
      await adminsRepo.insert(db, { username, email: values.email, name: name?.data ?? username, passwordHash })
      console.log(`Created admin '${username}'.`)
    } else {
      if (!existing) {
        console.error(
          `No admin named '${username}'. Create one with: pnpm admin create --username ${username} --email ...`,
        )
        return 1
      }
      await db.transaction().execute(async (tx) => {
        await adminsRepo.updatePassword(tx, existing.id, passwordHash)
        await sessionsRepo.removeAllForAdmin(tx, existing.id)
      })
      console.log(`Reset the password of '${username}' and ended its sessions.`)
    }
    if (!values.password) console.log(`Password: ${password}`)
    return 0
  } finally {
    await db.destroy()
  }
}

process.exitCode = await main()
