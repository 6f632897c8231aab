/**
 * pnpm images:rebuild: gives every upload its current name and its AVIF and WebP renditions
 * (features/uploads/rebuild-images.ts), for the database and uploads directory the server would use (same env /
 * .env). The server does the same on every start; this is for doing it now, while it runs.
 *
 * When references were rewritten, the servers' catalogue caches must forget the old URLs: on PostgreSQL the
 * change feed tells every running process; an SQLite file has one server, which this command cannot reach, so it
 * says to restart it (until then the server answers the old URLs, whose files stay and are still served).
 */
import fs from 'node:fs'
import { pathToFileURL } from 'node:url'
import { openChangeFeed } from '@shop/db/change-feed'
import { createDb } from '@shop/db/client'
import { type Config, loadConfig } from '../env'
import { describeRebuild, rebuildImages, rewroteReferences } from '../features/uploads/rebuild-images'

export interface Output {
  log: (line: string) => void
  error: (line: string) => void
}

export async function runImagesCli(out: Output = console, config: Config = loadConfig()): Promise<number> {
  // Opening a missing SQLite file would create an empty database without the shop's tables.
  if ('sqliteFile' in config.database && !fs.existsSync(config.database.sqliteFile)) {
    out.error(`No SQLite database at ${config.database.sqliteFile}: start the shop once (pnpm start) first.`)
    return 1
  }
  const db = createDb(config.database)
  try {
    const report = await rebuildImages({
      db,
      uploadsDir: config.uploadsDir,
      log: { info: out.log, warn: out.error },
    })
    out.log(describeRebuild(report))
    if (rewroteReferences(report)) {
      const feed = await openChangeFeed(db, config.database, { onRemoteChange: () => undefined })
      try {
        await feed.publish()
      } finally {
        await feed.close()
      }
      out.log(
        feed.isShared
          ? 'images: told the running servers to empty their catalogue caches'
          : 'images: restart the server if it is running, so that its catalogue cache shows the new image URLs',
      )
    }
    return report.unreadable.length > 0 ? 1 : 0
  } finally {
    await db.destroy()
  }
}

const program = process.argv[1]
if (program && import.meta.url === pathToFileURL(fs.realpathSync(program)).href) {
  try {
    process.exitCode = await runImagesCli()
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  }
}
