import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createApp } from './app.ts'
import { setupTestContext, createTestContext } from './test/harness.ts'
import type { PublicConfig } from '../contract/config.ts'

const ctx = setupTestContext()
afterEach(() => vi.restoreAllMocks())

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function parseCsp(header: string | null): Map<string, string[]> {
  expect(header).toBeTruthy()
  const directives = new Map<string, string[]>()
  for (const part of header!.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name, sources)
  }
  return directives
}

describe('envelope', () => {
  it('a success has exactly timestamp, success, data, message, status and path', async () => {
    const res = await ctx.request('GET', '/api/config')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'path', 'status', 'success', 'timestamp'])
    expect(res.body).toMatchObject({ success: true, status: 200, path: '/api/config', message: 'Configuration' })
    expect(new Date(res.body.timestamp).toISOString()).toBe(res.body.timestamp)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  })

  it('an error has no data field and null fields are omitted', async () => {
    const res = await ctx.request('POST', '/api/oauth2/loginUser', { body: { email: 'nobody@example.com', password: 'wrong-password' } })
    expect(res.status).toBe(401)
    expect(Object.keys(res.body).sort()).toEqual(['message', 'path', 'status', 'success', 'timestamp'])
    expect(JSON.stringify(res.body)).not.toContain('null')
  })

  it('a validation error adds errorDetails', async () => {
    const res = await ctx.request('POST', '/api/oauth2/loginUser', { body: { email: '' } })
    expect(res.status).toBe(400)
    expect(Object.keys(res.body).sort()).toEqual(['errorDetails', 'message', 'path', 'status', 'success', 'timestamp'])
  })

  it('the status field always equals the HTTP status', async () => {
    const calls = await Promise.all([
      ctx.request('GET', '/api/config'),
      ctx.request('GET', '/api/nope'),
      ctx.request('GET', '/api/user/getUserByEmail'),
      ctx.request('POST', '/api/oauth2/registerUser', { body: {} }),
      ctx.request('POST', '/api/oauth2/registerUser', { rawBody: '{}', headers: { 'content-type': 'text/plain' } }),
    ])
    expect(calls.map((c) => c.status)).toEqual([200, 404, 401, 400, 415])
    for (const call of calls) expect(call.body.status).toBe(call.status)
  })
})

describe('routing', () => {
  it('an unknown /api path is a 404 envelope, for any method and depth', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api/oauth2/nope'],
      ['DELETE', '/api/user/getUserByEmail/extra'],
      ['GET', '/api'],
    ] as const) {
      const res = await ctx.request(method, url)
      expect(res.status).toBe(404)
      expect(res.body).toMatchObject({ success: false, status: 404, path: url })
      expect(res.body.message).toContain(url)
    }
  })

  it('a known path with the wrong method is a 404 envelope too', async () => {
    const res = await ctx.request('GET', '/api/oauth2/loginUser')
    expect(res.status).toBe(404)
    expect(res.body.success).toBe(false)
  })

  it('GET /api/oauth2/hello answers the text "hello"', async () => {
    const res = await ctx.app.request('/api/oauth2/hello')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await res.text()).toBe('hello')
  })

  it('GET /api/config answers the Google client id and the currency, rupees unless CURRENCY names another', async () => {
    const res = await ctx.request<PublicConfig>('GET', '/api/config')
    expect(res.body.data).toEqual({ googleClientId: 'test-client-id.apps.googleusercontent.com', currency: 'INR' })
    const euros = await createTestContext({ CURRENCY: 'eur' })
    try {
      expect((await euros.request<PublicConfig>('GET', '/api/config')).body.data).toMatchObject({ currency: 'EUR' })
    } finally {
      await euros.close()
    }
  })

  it('without a built SPA a non-API path is a 404', async () => {
    const res = await ctx.request('GET', '/dashboard')
    expect(res.status).toBe(404)
  })
})

describe('headers', () => {
  it('every response carries a fresh X-Request-Id', async () => {
    const a = await ctx.request('GET', '/api/config')
    const b = await ctx.request('GET', '/api/nope')
    const c = await ctx.request('GET', '/api/user/getUserByEmail')
    for (const res of [a, b, c]) expect(res.headers.get('x-request-id')).toMatch(UUID)
    expect(new Set([a, b, c].map((r) => r.headers.get('x-request-id'))).size).toBe(3)
  })

  it('security headers are set on successes and errors', async () => {
    for (const res of [await ctx.request('GET', '/api/config'), await ctx.request('GET', '/api/nope')]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
      expect(res.headers.get('content-security-policy')).toBeTruthy()
    }
  })

  it('the Content-Security-Policy allows self, Google Identity Services and frames of the SCORM content origin, nothing else external', async () => {
    const res = await ctx.request('GET', '/api/config')
    const csp = parseCsp(res.headers.get('content-security-policy'))
    expect(csp.get('default-src')).toEqual(["'self'"])
    expect(csp.get('script-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/client'])
    expect(csp.get('frame-src')).toEqual(['https://accounts.google.com/gsi/', ctx.deps.config.scormContent.origin])
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/'])
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'])
    expect(csp.get('object-src')).toEqual(["'none'"])
    expect(csp.get('frame-ancestors')).toEqual(["'none'"])
    expect(csp.get('base-uri')).toEqual(["'self'"])
    const LOCAL = new Set(["'self'", "'none'", "'unsafe-inline'", 'data:', 'blob:'])
    for (const [directive, sources] of csp) {
      for (const source of sources) {
        if (LOCAL.has(source)) continue
        // Profile pictures come from Google's image host; every other external source is Google Identity Services,
        if (directive === 'img-src' && source === 'https://*.googleusercontent.com') continue
        // SCORM packages play in a frame of their own origin, never this one.
        if (directive === 'frame-src' && source === ctx.deps.config.scormContent.origin) continue
        expect(source, `${directive} ${source}`).toMatch(/^https:\/\/accounts\.google\.com\/gsi\//)
      }
    }
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'")
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'")
  })
})

describe('unexpected errors', () => {
  it('a thrown non-AppError is a logged 500 with a generic message naming the request id', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = createApp({
      ...ctx.deps,
      clock: () => {
        throw new Error('clock exploded: secret detail')
      },
    })
    const res = await broken.request('/api/oauth2/loginUser', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ann@example.com', password: 'secret-pass' }),
    })
    expect(res.status).toBe(500)
    const requestId = res.headers.get('x-request-id')
    expect(requestId).toMatch(UUID)
    const body = (await res.json()) as Record<string, unknown>
    expect(Object.keys(body).sort()).toEqual(['message', 'path', 'status', 'success', 'timestamp'])
    expect(body).toMatchObject({
      success: false,
      status: 500,
      path: '/api/oauth2/loginUser',
      message: `Something went wrong on our side. Reference: ${requestId}`,
    })
    expect(JSON.stringify(body)).not.toContain('secret detail')

    expect(errors).toHaveBeenCalledTimes(1)
    const logged = JSON.parse(String(errors.mock.calls[0]![0])) as Record<string, unknown>
    expect(logged).toMatchObject({ level: 'error', requestId, method: 'POST', path: '/api/oauth2/loginUser' })
    expect(String(logged.error)).toContain('clock exploded: secret detail')
    expect(String(logged.stack)).toContain('clock exploded')
  })

  it('a failing database is a 500 too, not a hang or a crash', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failingDb = new Proxy(ctx.deps.db, {
      get(target, prop, receiver) {
        if (prop === 'select' || prop === 'insert') throw new Error('database is down')
        return Reflect.get(target, prop, receiver)
      },
    })
    const broken = createApp({ ...ctx.deps, db: failingDb })
    const res = await broken.request('/api/oauth2/registerUser', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.com', password: 'secret-pass' }),
    })
    expect(res.status).toBe(500)
    const body = (await res.json()) as { message: string }
    expect(body.message).toBe(`Something went wrong on our side. Reference: ${res.headers.get('x-request-id')}`)
    expect(errors).toHaveBeenCalledTimes(1)
  })
})

describe('request log', () => {
  it('writes one structured line per request (method, path, status, duration)', async () => {
    const logging = await createTestContext({ LOG_REQUESTS: 'true' })
    try {
      const lines: string[] = []
      vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)))
      const ok = await logging.request('GET', '/api/config')
      await logging.request('GET', '/api/nope')
      expect(lines).toHaveLength(2)
      const [first, second] = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
      expect(first).toMatchObject({
        level: 'info',
        method: 'GET',
        path: '/api/config',
        status: 200,
        requestId: ok.headers.get('x-request-id'),
      })
      expect(typeof first!.durationMs).toBe('number')
      expect(first!.durationMs as number).toBeGreaterThanOrEqual(0)
      expect(second).toMatchObject({ method: 'GET', path: '/api/nope', status: 404 })
    } finally {
      await logging.close()
    }
  })

  it('is silent with LOG_REQUESTS=false', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    await ctx.request('GET', '/api/config')
    expect(log).not.toHaveBeenCalled()
  })
})

describe('the built SPA', () => {
  let dir: string
  let spa: ReturnType<typeof createApp>
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'learnpack-spa-'))
    mkdirSync(path.join(dir, 'assets'))
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>SPA index</title>')
    writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log("app")')
    writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    spa = createApp({ ...ctx.deps, staticDir: dir })
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('serves index.html (not cached) for the root and every client-side route', async () => {
    for (const url of ['/', '/dashboard', '/user/my-dashboard', '/topics/12?tab=2']) {
      const res = await spa.request(url)
      expect(res.status, url).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      expect(res.headers.get('cache-control')).toBe('no-cache')
      expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
      expect(await res.text()).toContain('SPA index')
    }
  })

  it('serves hashed assets with a long-lived immutable cache', async () => {
    const res = await spa.request('/assets/main-abc123.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/javascript/)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.text()).toBe('console.log("app")')
  })

  it('a missing asset is a 404, never index.html', async () => {
    const res = await spa.request('/assets/main-missing.js')
    expect(res.status).toBe(404)
    expect(res.headers.get('cache-control')).toBeNull()
    expect(await res.text()).not.toContain('SPA index')
  })

  it('serves other files as they are, not cached long', async () => {
    const res = await spa.request('/favicon.svg')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/svg/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
  })

  it('still answers unknown /api paths with a 404 envelope', async () => {
    const res = await spa.request('/api/nope')
    expect(res.status).toBe(404)
    expect(((await res.json()) as { success: boolean }).success).toBe(false)
  })

  it('does not serve files outside the static directory', async () => {
    const res = await spa.request('/..%2f..%2fetc%2fpasswd')
    expect(await res.text()).not.toMatch(/root:/)
  })
})
