import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface RunningServer {
  child: ChildProcess
  baseUrl: string
  /** Everything the server printed so far. */
  output: () => string
}

/** Starts `node server/index.ts` as production does, on a free port, and waits for its "running at" line. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', LOG_REQUESTS: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /running at (http:\/\/localhost:\d+)/.exec(out)
      if (match) resolve({ child, baseUrl: match[1]!, output: () => out })
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)))
  })
}

/** Stops the server with `signal` and answers its exit code (null when a signal ended it). */
export function stopServer(running: RunningServer, signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null || running.child.signalCode !== null) return resolve(running.child.exitCode)
    running.child.once('exit', (code) => resolve(code))
    running.child.kill(signal)
  })
}
