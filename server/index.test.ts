import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

interface Running {
  child: ChildProcess
  baseUrl: string
  output: () => string
}

/** Starts `node server/index.ts` on a free port and waits for its "running at" line. */
function start(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', LOG_REQUESTS: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      const match = /running at (http:\/\/localhost:\d+)/.exec(out)
      if (match) resolve({ child, baseUrl: match[1]!, output: () => out })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${out}`)))
  })
}

function stop(running: Running): Promise<number | null> {
  return new Promise((resolve) => {
    if (running.child.exitCode !== null) return resolve(running.child.exitCode)
    running.child.once('exit', (code) => resolve(code))
    running.child.kill('SIGTERM')
  })
}

async function post<T>(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as { data?: T; message?: string } }
}

describe('the real server (node server/index.ts)', () => {
  let dataDir: string
  let running: Running | undefined
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'learnpack-boot-'))
  })
  afterEach(async () => {
    if (running) await stop(running)
    running = undefined
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('migrates, seeds, creates the admin, serves the API and keeps its JWT secret across restarts', { timeout: 90_000 }, async () => {
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: 'root-password' }
    running = await start(env)
    expect(running.output()).toMatch(/embedded PGlite/)
    expect(running.output()).toMatch(/Admin root@example\.com created\./)
    expect(running.output()).toMatch(/Demo data seeded/)

    const hello = await fetch(`${running.baseUrl}/api/oauth2/hello`)
    expect(hello.status).toBe(200)
    expect(await hello.text()).toBe('hello')

    const login = await post<{ token: string; user: { role: string } }>(`${running.baseUrl}/api/oauth2/loginUser`, {
      email: 'root@example.com',
      password: 'root-password',
    })
    expect(login.status).toBe(200)
    expect(login.body.data!.user.role).toBe('admin')
    const token = login.body.data!.token

    const demo = JSON.parse(readFileSync(path.join(dataDir, 'demo-credentials.json'), 'utf8')) as {
      learner: { email: string; password: string }
    }
    const learner = await post(`${running.baseUrl}/api/oauth2/loginUser`, demo.learner)
    expect(learner.status).toBe(200)
    expect(existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true)

    expect(await stop(running)).toBe(0)

    // Second start on the same data: nothing re-seeded, the admin reset, the old token still valid.
    running = await start(env)
    expect(running.output()).toMatch(/Admin root@example\.com reset\./)
    expect(running.output()).not.toMatch(/Demo data seeded/)
    const me = await fetch(`${running.baseUrl}/api/user/getUserByEmail`, { headers: { authorization: `Bearer ${token}` } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe('root@example.com')
    expect((await post(`${running.baseUrl}/api/oauth2/loginUser`, demo.learner)).status).toBe(200)
  })
})
