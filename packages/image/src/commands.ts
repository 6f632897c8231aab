import { spawn, spawnSync } from 'node:child_process'

export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

export interface RunResult {
  stdout: string
  stderr: string
}

/**
 * Runs a command to its end and answers what it printed; a failure rejects with the command, its exit code and the
 * end of what it printed on stderr (where mmdebstrap, umoci, skopeo and podman say why).
 */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr })
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr.slice(-4000)}`))
    })
  })
}
