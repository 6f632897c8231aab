import { commandExists, run } from './commands'

/**
 * How podman must be called on this machine. Most machines need nothing; a sandbox that may not raise resource
 * limits refuses podman's defaults for open files and processes ("error setting rlimit"), and one whose crun cannot
 * start containers needs runc and cgroupfs. Each is tried in turn with the image itself, and the first that starts a
 * container is kept.
 */
export interface PodmanFlags {
  /** Before the subcommand: `podman <global> run ...`. */
  global: string[]
  /** After `run` / `create`. */
  run: string[]
}

export async function podmanFlags(image: string): Promise<PodmanFlags> {
  if (!commandExists('podman')) throw new Error('podman is not installed: apt-get install podman runc uidmap')
  const openFiles = Number((await run('sh', ['-c', 'ulimit -n'])).stdout.trim()) || 1024
  const limits = ['--ulimit', `nofile=${openFiles}:${openFiles}`, '--ulimit', 'nproc=4096:4096']
  const candidates: PodmanFlags[] = [
    { global: [], run: [] },
    { global: [], run: limits },
    { global: ['--runtime', 'runc', '--cgroup-manager=cgroupfs'], run: limits },
  ]
  const failures: string[] = []
  for (const flags of candidates) {
    try {
      await run('podman', [...flags.global, 'run', '--rm', ...flags.run, '--entrypoint', 'node', image, '--version'])
      return flags
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error))
    }
  }
  throw new Error(`podman could not start a container of ${image}:\n${failures.join('\n')}`)
}

export async function podman(flags: PodmanFlags, args: string[]): Promise<string> {
  const [command, ...rest] = args
  if (!command) throw new Error('podman needs a subcommand')
  const extra = command === 'run' || command === 'create' ? flags.run : []
  return (await run('podman', [...flags.global, command, ...extra, ...rest])).stdout.trim()
}
