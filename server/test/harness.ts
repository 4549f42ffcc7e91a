import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { Role, User } from '../../contract/auth.ts'
import type { Envelope } from '../../contract/envelope.ts'
import { createApp, type App } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { hashPassword } from '../auth/passwords.ts'
import { createKdfPool } from '../auth/kdf-pool.ts'
import { createTokenService } from '../auth/tokens.ts'
import { createLocalStore } from '../storage/local-store.ts'
import { createFileUrlSigner } from '../storage/signed-urls.ts'
import { createRuntimeTokens } from '../scorm/runtime-token.ts'
import type { MailMessage } from '../mail/mailer.ts'
import { workerDatabase } from './database.ts'

export const TEST_GOOGLE_CLIENT_ID = 'test-client-id.apps.googleusercontent.com'
export const TEST_GOOGLE_ISSUER = 'https://accounts.google.com'
const PASSWORD_COST = 10 // scrypt N = 2^10: fast in tests; production uses 2^15

export interface TestContext {
  app: App
  deps: AppDeps
  database: Database
  config: Config
  /** Mail the app sent, newest last. */
  outbox: MailMessage[]
  /** The app's clock; set `ctx.now` to move time. */
  now: Date
  /** Counts SQL statements run on the worker's database (reset it before measuring). */
  queries: { count: number }
  /** Removes every row (identities restart): the database is shared with every context of the worker. */
  reset(): Promise<void>
  close(): Promise<void>
  createUser(options?: {
    role?: Role
    email?: string
    name?: string
    password?: string
  }): Promise<{ user: User; token: string; password: string }>
  signGoogleToken(
    claims?: JWTPayload,
    options?: { expiresIn?: string | number; audience?: string; issuer?: string; foreignKey?: boolean },
  ): Promise<string>
  request<T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: BodyInit },
  ): Promise<{ status: number; body: Envelope<T>; headers: Headers }>
}

type ConfigOverrides = Partial<Record<string, string>>

/**
 * The test context of a test file: built before its tests on the worker's database, emptied before the file and
 * (unless `resetBeforeEach` is false, for files that build their data once) before each test.
 */
export function setupTestContext(overrides: ConfigOverrides = {}, options: { resetBeforeEach?: boolean } = {}): TestContext {
  const ctx = {} as TestContext
  beforeAll(async () => {
    await buildTestContext(ctx, overrides)
    await ctx.reset()
  })
  afterAll(() => ctx.close())
  if (options.resetBeforeEach !== false) beforeEach(() => ctx.reset())
  return ctx
}

/**
 * A context over the worker's database (rows left as they are): another app with other config costs no database.
 * With `otherInstance`, the app reads through the worker's second connection (server/test/database.ts): on
 * PostgreSQL it is another instance as far as its caches know.
 */
export async function createTestContext(overrides: ConfigOverrides = {}, options: { otherInstance?: boolean } = {}): Promise<TestContext> {
  return buildTestContext({} as TestContext, overrides, options)
}

// Generating RSA keys takes a while; one pair per worker is enough.
const worker = globalThis as { learnpackGoogleKeys?: ReturnType<typeof generateGoogleKeys> }
async function generateGoogleKeys() {
  const own = await generateKeyPair('RS256')
  const foreign = await generateKeyPair('RS256')
  const jwk: JWK = { ...(await exportJWK(own.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  return { privateKey: own.privateKey, foreignKey: foreign.privateKey, jwks: createLocalJWKSet({ keys: [jwk] }) }
}

async function buildTestContext(
  ctx: TestContext,
  overrides: ConfigOverrides,
  options: { otherInstance?: boolean } = {},
): Promise<TestContext> {
  const shared = await workerDatabase()
  const { queries, empty } = shared
  const database = options.otherInstance ? await shared.otherInstance() : shared.database
  worker.learnpackGoogleKeys ??= generateGoogleKeys()
  const keys = await worker.learnpackGoogleKeys
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'learnpack-test-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
    GOOGLE_ISSUER: `${TEST_GOOGLE_ISSUER},accounts.google.com`,
    TRUST_PROXY: 'true',
    LOG_REQUESTS: 'false',
    APP_URL: 'http://learnpack.test',
    // Tests send dozens of sign-ins at once to race the throttles; the refusal past the queue has its own tests.
    PASSWORD_HASH_QUEUE: '200',
    ...overrides,
  })
  const outbox: MailMessage[] = []
  // At the process's own priority: beside the other test worker, the type check and the lint of `npm test`, a thread at
  // nice 10 got a few percent of a core, and the pool's own tests (seconds of scrypt) took 99 s instead of 7.
  const kdf = createKdfPool({ ...config.passwordHashing, niceness: 0 })

  ctx.now = new Date()
  const clock = () => ctx.now
  const deps: AppDeps = {
    config,
    db: database.db,
    clock,
    googleKeys: keys.jwks,
    mailer: { send: async (message) => void outbox.push(message) },
    tokens: createTokenService(config.jwtSecret!, config.jwtTtlSeconds, clock),
    store: createLocalStore(path.join(config.dataDir, 'files')),
    fileUrls: createFileUrlSigner(config.jwtSecret!, config.fileUrlTtlSeconds),
    scormTokens: createRuntimeTokens(config.jwtSecret!, clock),
    passwordCost: PASSWORD_COST,
    kdf,
  }
  const app = createApp(deps)
  let userCounter = 0

  return Object.assign(ctx, {
    app,
    deps,
    database,
    config,
    outbox,
    queries,
    async reset() {
      await empty()
      outbox.length = 0
      ctx.now = new Date()
    },
    // The database belongs to the worker and stays open for its next file; only this context's files go.
    close: async () => {
      await kdf.close()
      rmSync(config.dataDir, { recursive: true, force: true })
    },
    async createUser(options: { role?: Role; email?: string; name?: string; password?: string } = {}) {
      userCounter++
      const password = options.password ?? `password-${userCounter}`
      const [row] = await database.db
        .insert(users)
        .values({
          email: (options.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`).toLowerCase(),
          name: options.name ?? `Test User ${userCounter}`,
          role: options.role ?? 'USER',
          passwordHash: await hashPassword(password, PASSWORD_COST),
          emailVerified: true,
        })
        .returning()
      const token = await deps.tokens.sign({ userId: row!.id, role: row!.role })
      const { toUser } = await import('../user/service.ts')
      return { user: toUser(row!), token, password }
    },
    async signGoogleToken(
      claims: JWTPayload = {},
      options: { expiresIn?: string | number; audience?: string; issuer?: string; foreignKey?: boolean } = {},
    ) {
      const nowSeconds = Math.floor(ctx.now.getTime() / 1000)
      return new SignJWT({
        email: 'google.user@example.com',
        email_verified: true,
        name: 'Google User',
        given_name: 'Google',
        family_name: 'User',
        picture: 'https://lh3.googleusercontent.com/a/photo',
        sub: 'google-sub-1',
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? TEST_GOOGLE_ISSUER)
        .setAudience(options.audience ?? TEST_GOOGLE_CLIENT_ID)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(options.expiresIn ?? nowSeconds + 3600)
        .sign(options.foreignKey ? keys.foreignKey : keys.privateKey)
    },
    async request(
      method: string,
      urlPath: string,
      options: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: BodyInit } = {},
    ) {
      const headers = new Headers(options.headers)
      if (options.token) headers.set('authorization', `Bearer ${options.token}`)
      let body: BodyInit | undefined = options.rawBody
      if (options.body !== undefined) {
        body = JSON.stringify(options.body)
        if (!headers.has('content-type')) headers.set('content-type', 'application/json')
      }
      // A request that comes over a socket finds the notifications of earlier commits heard; app.request() does not
      // pass through the event loop's I/O phase, so on PostgreSQL it waits for them explicitly.
      await database.changes.settled()
      const res = await app.request(urlPath, { method, headers, body })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed as Envelope<never>, headers: res.headers }
    },
  }) as TestContext
}
