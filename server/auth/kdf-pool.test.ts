import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { count, eq } from 'drizzle-orm'
import type { LoginResponse } from '../../contract/auth.ts'
import { loginFailures, throttleEvents, users } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { issueEmailToken } from './email-tokens.ts'
import { BUSY_MESSAGE, createKdfPool, type KdfJob } from './kdf-pool.ts'
import { deriveInProcess } from './passwords.ts'

/**
 * Password hashing runs on a bounded pool: one thread and one queue place here. Past them every route that hashes
 * answers 503 with Retry-After at once, and a refusal counts in no throttle.
 */

const ctx = setupTestContext({ PASSWORD_HASH_THREADS: '1', PASSWORD_HASH_QUEUE: '1' })

const LOGIN = '/api/oauth2/loginUser'
const login = (email: string, password: string) => ctx.request<LoginResponse>('POST', LOGIN, { body: { email, password } })

/** A derivation of a few hundred milliseconds (scrypt's p multiplies the work, not the memory). */
const SLOW: KdfJob = { password: 'blocker', salt: new Uint8Array(16), n: 2 ** 14, r: 8, p: 16, keyLength: 32 }

/** Takes the thread with a slow derivation and the queue place with another: full until both are done. */
function fillPool() {
  return Promise.all([ctx.deps.kdf.derive(SLOW), ctx.deps.kdf.derive({ ...SLOW, p: 1 })])
}

function expectBusy(res: { status: number; body: unknown; headers: Headers }, path: string) {
  expect(res.status).toBe(503)
  expect(res.body).toMatchObject({ success: false, status: 503, message: BUSY_MESSAGE, path })
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
}

/** The niceness of each thread of this process (field 19 of /proc/self/task/<id>/stat, Linux). */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').flatMap((id) => {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8')
      return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])]
    } catch {
      return [] // the thread ended meanwhile
    }
  })
}

const failuresCounted = async () => (await ctx.deps.db.select({ n: count() }).from(loginFailures))[0]!.n
const eventsCounted = async (bucket: string) =>
  (await ctx.deps.db.select({ n: count() }).from(throttleEvents).where(eq(throttleEvents.bucket, bucket)))[0]!.n

describe('sign-in past the hashing queue', () => {
  it('answers 503 with Retry-After and the envelope; once the queue clears the same sign-in succeeds', async () => {
    const { user, password } = await ctx.createUser()
    const full = fillPool()
    expectBusy(await login(user.email, password), LOGIN)
    await full
    expect((await login(user.email, password)).status).toBe(200)
  })

  it('a sign-in that finds a queue place waits for the thread and succeeds', async () => {
    const { user, password } = await ctx.createUser()
    const order: string[] = []
    const running = ctx.deps.kdf.derive(SLOW).then(() => order.push('slow derivation'))
    const signIn = login(user.email, password).then((res) => {
      order.push('sign-in')
      return res
    })
    expect((await signIn).status).toBe(200)
    await running
    expect(order).toEqual(['slow derivation', 'sign-in'])
  })

  it('a hashing error is a 500 that shows and logs neither the password nor the hash; the pool goes on', async () => {
    const [row] = await ctx.deps.db
      .insert(users)
      .values({
        email: 'corrupt@example.com',
        name: 'Corrupt Hash',
        // N = 3 is not a power of two: scrypt refuses the parameters.
        passwordHash: `scrypt$3$8$1$${'A'.repeat(22)}$${'B'.repeat(43)}`,
        emailVerified: true,
      })
      .returning()
    const logged: string[] = []
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')))
    let res: Awaited<ReturnType<typeof login>>
    try {
      res = await login(row!.email, 'secret-sign-in-words')
    } finally {
      spy.mockRestore()
    }
    expect(res.status).toBe(500)
    expect(res.body.message).toMatch(/^Something went wrong on our side\. Reference: /)
    expect(JSON.stringify(res.body)).not.toMatch(/secret|scrypt|AAAA|BBBB/)
    const log = logged.join('\n')
    expect(log).toContain('Password hashing failed: ERR_CRYPTO_INVALID_SCRYPT_PARAMS')
    expect(log).not.toMatch(/secret|scrypt\$|AAAA|BBBB/)

    const { user, password } = await ctx.createUser()
    expect((await login(user.email, password)).status).toBe(200)
  })
})

/**
 * A route refuses before any database work when the pool is full as it starts; a request that got past that check
 * while the queue filled up is refused by the pool itself, after its throttle counted it: both ways count nothing.
 */
describe.each([
  ['refused as it starts', () => {}],
  ['refused at hashing time (the queue filled meanwhile)', () => vi.spyOn(ctx.deps.kdf, 'assertCapacity').mockImplementation(() => {})],
])('every route that hashes answers 503 past the queue and counts nothing: %s', (_when, arrive) => {
  beforeEach(() => {
    arrive()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('sign-in: refused wrong passwords count no failure; checked ones still throttle', async () => {
    const { user, password } = await ctx.createUser()
    const full = fillPool()
    for (let i = 0; i < 6; i++) expectBusy(await login(user.email, 'wrong-password'), LOGIN)
    expect(await failuresCounted()).toBe(0)
    await full
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'wrong-password')).status).toBe(401)
    expect(await failuresCounted()).toBe(5)
    const limited = await login(user.email, password)
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts/)
  })

  it('registration: no account, no registration counted; the same registration then succeeds', async () => {
    const body = { name: 'Nina', email: 'nina@example.com', password: 'secret-pass' }
    const full = fillPool()
    expectBusy(await ctx.request('POST', '/api/oauth2/registerUser', { body }), '/api/oauth2/registerUser')
    expect(await ctx.deps.db.select().from(users).where(eq(users.email, 'nina@example.com'))).toEqual([])
    expect(await eventsCounted('register')).toBe(0)
    await full
    expect((await ctx.request('POST', '/api/oauth2/registerUser', { body })).status).toBe(201)
  })

  it('password change: the current-password guess is not counted', async () => {
    const { token, password } = await ctx.createUser()
    const body = { currentPassword: password, newPassword: 'a-new-passphrase' }
    const full = fillPool()
    expectBusy(await ctx.request('PUT', '/api/user/password', { token, body }), '/api/user/password')
    expect(await eventsCounted('current-password')).toBe(0)
    await full
    expect((await ctx.request('PUT', '/api/user/password', { token, body })).status).toBe(200)
  })

  it('password reset: the link is not used up and works afterwards', async () => {
    const { user } = await ctx.createUser()
    const resetToken = await issueEmailToken(ctx.deps.db, user.id, 'reset', ctx.now)
    const body = { token: resetToken, password: 'a-new-passphrase' }
    const full = fillPool()
    expectBusy(await ctx.request('POST', '/api/user/reset-password', { body }), '/api/user/reset-password')
    await full
    expect((await ctx.request('POST', '/api/user/reset-password', { body })).status).toBe(200)
    expect((await login(user.email, 'a-new-passphrase')).status).toBe(200)
  })

  it('invitation accept: the try is not counted and the link works afterwards', async () => {
    const [row] = await ctx.deps.db.insert(users).values({ email: 'ines@example.com', name: 'Ines', passwordHash: null }).returning()
    const inviteToken = await issueEmailToken(ctx.deps.db, row!.id, 'invite', ctx.now)
    const body = { token: inviteToken, password: 'a-good-passphrase' }
    const full = fillPool()
    expectBusy(await ctx.request('POST', '/api/user/accept-invitation', { body }), '/api/user/accept-invitation')
    expect(await eventsCounted('accept-invitation')).toBe(0)
    await full
    expect((await ctx.request('POST', '/api/user/accept-invitation', { body })).status).toBe(200)
  })
})

describe('the pool itself', () => {
  it('closing it fails the derivation running and the one waiting, and refuses new ones', async () => {
    const pool = createKdfPool({ threads: 1, queue: 1 })
    const outcomes = Promise.allSettled([pool.derive(SLOW), pool.derive(SLOW)])
    await pool.close()
    expect((await outcomes).map((outcome) => outcome.status === 'rejected' && (outcome.reason as Error).message)).toEqual([
      'The password hashing thread stopped',
      'The password hashing pool is closed',
    ])
    await expect(pool.derive(SLOW)).rejects.toThrow('The password hashing pool is closed')
  })

  it.runIf(existsSync('/proc/thread-self'))('its threads run at nice 10, or at the niceness it is given', async () => {
    for (const [niceness, expected] of [
      [undefined, 10],
      [3, 3],
    ] as const) {
      const before = threadNiceness()
      const pool = createKdfPool({ threads: 1, queue: 1, niceness })
      try {
        await pool.derive({ ...SLOW, n: 2 ** 10, p: 1 })
        expect(threadNiceness().filter((value) => value === expected).length).toBe(before.filter((value) => value === expected).length + 1)
      } finally {
        await pool.close()
      }
    }
  })

  it('derives the keys node:crypto does, several at once', async () => {
    const pool = createKdfPool({ threads: 2, queue: 2 })
    try {
      const jobs = ['a', 'b', 'c', 'd'].map((password) => ({ ...SLOW, password, n: 2 ** 10, p: 1 }))
      const keys = await Promise.all(jobs.map((job) => pool.derive(job)))
      const expected = await Promise.all(jobs.map((job) => deriveInProcess(job)))
      expect(keys.map((key) => key.toString('hex'))).toEqual(expected.map((key) => key.toString('hex')))
      expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(4)
    } finally {
      await pool.close()
    }
  })
})
