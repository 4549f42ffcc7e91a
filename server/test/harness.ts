import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose'
import { inject } from 'vitest'
import type { Role, User } from '../../contract/auth.ts'
import type { Envelope } from '../../contract/envelope.ts'
import { createApp, type App } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { hashPassword } from '../auth/passwords.ts'
import { createTokenService } from '../auth/tokens.ts'
import { createLocalStore } from '../storage/local-store.ts'
import { createFileUrlSigner } from '../storage/signed-urls.ts'
import type { MailMessage } from '../mail/mailer.ts'

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
  /** Counts SQL statements the app runs (reset it before measuring). */
  queries: { count: number }
  /** Removes every row (identities restart). */
  reset(): Promise<void>
  close(): Promise<void>
  createUser(options?: { role?: Role; email?: string; name?: string; password?: string }): Promise<{ user: User; token: string; password: string }>
  signGoogleToken(claims?: JWTPayload, options?: { expiresIn?: string | number; audience?: string; issuer?: string; foreignKey?: boolean }): Promise<string>
  request<T = unknown>(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: BodyInit }): Promise<{ status: number; body: Envelope<T>; headers: Headers }>
}

/** Opens a fresh database (a copy of the migrated template, or a new schema on TEST_DATABASE_URL). */
async function openTestDatabase(onQuery: (sql: string) => void): Promise<Database & { dropSchema?: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const schema = `t_${randomBytes(6).toString('hex')}`
    const admin = await openDatabase({ databaseUrl: url })
    await admin.db.execute(sql.raw(`create schema ${schema}`))
    await admin.close()
    const database = await openDatabase({ databaseUrl: url, searchPath: schema, onQuery })
    await database.migrate()
    return {
      ...database,
      close: async () => {
        await database.db.execute(sql.raw(`drop schema ${schema} cascade`))
        await database.close()
      },
    }
  }
  const template = readFileSync(inject('pgliteTemplate'))
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([template]), onQuery })
}

export async function createTestContext(overrides: Partial<Record<string, string>> = {}): Promise<TestContext> {
  const queries = { count: 0 }
  const database = await openTestDatabase(() => {
    queries.count++
  })
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'learnpack-test-')),
    JWT_SECRET: randomBytes(32).toString('hex'),
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
    GOOGLE_ISSUER: `${TEST_GOOGLE_ISSUER},accounts.google.com`,
    TRUST_PROXY: 'true',
    LOG_REQUESTS: 'false',
    APP_URL: 'http://learnpack.test',
    ...overrides,
  })
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const foreign = await generateKeyPair('RS256')
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const outbox: MailMessage[] = []

  const ctx = { now: new Date() } as TestContext
  const clock = () => ctx.now
  const deps: AppDeps = {
    config,
    db: database.db,
    clock,
    googleKeys: createLocalJWKSet({ keys: [jwk] }),
    mailer: { send: async (message) => void outbox.push(message) },
    tokens: createTokenService(config.jwtSecret!, config.jwtTtlSeconds, clock),
    store: createLocalStore(path.join(config.dataDir, 'files')),
    fileUrls: createFileUrlSigner(config.jwtSecret!, config.fileUrlTtlSeconds),
    passwordCost: PASSWORD_COST,
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
      const rows = await database.db.execute<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = current_schema() and tablename not like '%drizzle%'`,
      )
      const names = (rows as unknown as { rows: { tablename: string }[] }).rows.map((r) => `"${r.tablename}"`)
      if (names.length) await database.db.execute(sql.raw(`truncate ${names.join(', ')} restart identity cascade`))
      outbox.length = 0
      ctx.now = new Date()
    },
    close: () => database.close(),
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
    async signGoogleToken(claims: JWTPayload = {}, options: { expiresIn?: string | number; audience?: string; issuer?: string; foreignKey?: boolean } = {}) {
      const nowSeconds = Math.floor(ctx.now.getTime() / 1000)
      return new SignJWT({ email: 'google.user@example.com', email_verified: true, name: 'Google User', given_name: 'Google', family_name: 'User', picture: 'https://lh3.googleusercontent.com/a/photo', sub: 'google-sub-1', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? TEST_GOOGLE_ISSUER)
        .setAudience(options.audience ?? TEST_GOOGLE_CLIENT_ID)
        .setIssuedAt(nowSeconds)
        .setExpirationTime(options.expiresIn ?? nowSeconds + 3600)
        .sign(options.foreignKey ? foreign.privateKey : privateKey)
    },
    async request(method: string, urlPath: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; rawBody?: BodyInit } = {}) {
      const headers = new Headers(options.headers)
      if (options.token) headers.set('authorization', `Bearer ${options.token}`)
      let body: BodyInit | undefined = options.rawBody
      if (options.body !== undefined) {
        body = JSON.stringify(options.body)
        if (!headers.has('content-type')) headers.set('content-type', 'application/json')
      }
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
