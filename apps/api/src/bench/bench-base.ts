/**
 * The build pnpm bench compares this one with, in the same run on the same machine: the commit BENCH_BASE names,
 * else the newest `v*` tag, else the last commit before the round of features that halved the order rate (the
 * issue's own reference, 4428c70). Its tree is taken out of git (git archive) into the system's temporary folder
 * (shop-bench-base/<commit>), installed with its own lockfile and built with its own scripts, once per commit; its
 * bench-server.js is started exactly as this build's is. Not under node_modules: esbuild ignores the tsconfig of files
 * there, so the API's mails (JSX) were built without React's automatic runtime and failed to render.
 */
import { type ExecFileSyncOptions, execFileSync, execSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The last commit before the second round of features: orders at 2,153/s there, on the machine that measured it. */
const DEFAULT_BASE = '4428c70'

export interface BaseBuild {
  /** The commit, short, as printed. */
  label: string
  /** Its bench server, to hand to startBenchServer. */
  script: string
}

function git(args: string[], cwd: string): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()
}

/** The commit to compare with, as the environment and the repository's tags say. */
function baseCommit(repo: string): string {
  if (process.env.BENCH_BASE) return process.env.BENCH_BASE
  const tags = git(['tag', '--list', 'v*', '--sort=-creatordate'], repo).split('\n').filter(Boolean)
  return tags[0] ?? DEFAULT_BASE
}

/**
 * Builds the base beside this checkout (or reuses it), or says why it cannot: not in a git checkout, or an unknown
 * commit. BENCH_BASE=none runs this build alone.
 */
export function prepareBase(): BaseBuild | { skipped: string } {
  if (process.env.BENCH_BASE === 'none') return { skipped: 'BENCH_BASE=none: this build alone' }
  let repo: string
  try {
    repo = git(['rev-parse', '--show-toplevel'], process.cwd())
  } catch {
    return { skipped: 'not in a git checkout: this build alone' }
  }
  const wanted = baseCommit(repo)
  let commit: string
  try {
    commit = git(['rev-parse', '--verify', `${wanted}^{commit}`], repo)
  } catch {
    return { skipped: `no commit ${wanted} in this repository (a shallow clone?): this build alone` }
  }
  const label = commit.slice(0, 7)
  const dir = path.join(os.tmpdir(), 'shop-bench-base', commit)
  const script = path.join(dir, 'apps', 'api', 'dist', 'bench-server.js')
  if (fs.existsSync(script)) return { label, script }
  console.log(`Building ${label} beside this checkout (${dir}), once: its own lockfile, its own build.`)
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true })
  execSync(`git archive --format=tar ${commit} | tar -x -C "${dir}"`, { cwd: repo, stdio: 'inherit' })
  const quiet: ExecFileSyncOptions = { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] }
  execFileSync('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], quiet)
  // The whole build: the API serves the web app's pages, which the bench reads.
  execFileSync('pnpm', ['turbo', 'run', 'build', '--output-logs=errors-only'], quiet)
  if (!fs.existsSync(script)) throw new Error(`${label} built, but has no apps/api/dist/bench-server.js to measure`)
  return { label, script }
}
