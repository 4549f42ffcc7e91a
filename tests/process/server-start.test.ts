import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { KEEP_ALIVE_MS } from '../../server/http/keep-alive.ts'
import { type RunningServer, startServer as start, stopServer as stop } from './server-process.ts'

/** The Keep-Alive header of an answer on a kept-alive connection (fetch does not show hop-by-hop headers). */
function keepAliveHeader(url: string) {
  const agent = new http.Agent({ keepAlive: true })
  return new Promise<string | string[] | undefined>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume()
        res.on('end', () => {
          agent.destroy()
          resolve(res.headers['keep-alive'])
        })
      })
      .on('error', reject)
  })
}

async function post<T>(url: string, body: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as { data?: T; message?: string } }
}

describe('the real server (node server/index.ts)', () => {
  let dataDir: string
  let running: RunningServer | undefined
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
    // Idle connections are left for the client to close (server/http/keep-alive.ts), as the server announces.
    expect(await keepAliveHeader(`${running.baseUrl}/api/oauth2/hello`)).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`)

    // It restarted itself in place with the low-memory settings (server/memory-tuning.ts): same pid, new flags.
    if (process.platform === 'linux') {
      const commandLine = readFileSync(`/proc/${running.child.pid}/cmdline`, 'utf8').split('\0')
      expect(commandLine).toContain('--max-semi-space-size=8')
      const environment = readFileSync(`/proc/${running.child.pid}/environ`, 'utf8').split('\0')
      expect(environment).toEqual(expect.arrayContaining(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072']))
    }

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

    // Second start on the same data: nothing re-seeded, the admin reset, the old token still valid; and with the
    // memory settings turned off, the process keeps the flags it was started with.
    running = await start({ ...env, MEMORY_TUNING: 'off' })
    if (process.platform === 'linux')
      expect(readFileSync(`/proc/${running.child.pid}/cmdline`, 'utf8').split('\0')).not.toContain('--max-semi-space-size=8')
    expect(running.output()).toMatch(/Admin root@example\.com reset\./)
    expect(running.output()).not.toMatch(/Demo data seeded/)
    const me = await fetch(`${running.baseUrl}/api/user/getUserByEmail`, { headers: { authorization: `Bearer ${token}` } })
    expect(me.status).toBe(200)
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe('root@example.com')
    expect((await post(`${running.baseUrl}/api/oauth2/loginUser`, demo.learner)).status).toBe(200)
  })
})
