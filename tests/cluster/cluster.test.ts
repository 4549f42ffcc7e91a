/**
 * Two instances, one database: two real server processes (`node server/index.ts`, as in production) share one
 * PostgreSQL database (a fresh one, dropped afterwards), one S3-compatible store (s3rver) and one JWT_SECRET, and
 * are started at the same moment with SEED_DEMO and ADMIN_EMAIL. They prove:
 *   - the start made one demo and one admin, whichever instance got there first;
 *   - a token signed in on A works on B;
 *   - a video uploaded on A plays (Range, 206) from B: from the store by the URL B issues, and through B's own
 *     signed route;
 *   - a tree edited on A reads edited on B at B's next read (also when B answered with an ETag before);
 *   - the sign-in throttle counts failures made on both;
 *   - what B keeps in memory (sessions, assignments, a learner's home) follows a change on A at B's next request,
 *     also after B's change feed connection was cut, and a learner's first progress in a package sent to A;
 *   - with both schedulers ticking every second, 20 learners with a reminder due get it exactly once: one e-mail in
 *     the two outboxes together and one notification each.
 *
 * Needs PostgreSQL: CLUSTER_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
 * (any database the role may CREATE DATABASE from). `npm run test:cluster`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import S3rver from 's3rver'
import { mp4 } from '../../server/test/clips.ts'
import { PNG } from '../../server/test/media.ts'
import { createFileUrlSigner } from '../../server/storage/signed-urls.ts'
import { createTokenService } from '../../server/auth/tokens.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const BASE_URL = process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const ADMIN = { email: 'ops@example.com', password: 'cluster-admin-password' }
const JWT_SECRET = randomBytes(32).toString('hex')
const BUCKET = 'learnpack-cluster'
const S3_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

interface Instance {
  name: string
  child: ChildProcess
  url: string
  dataDir: string
  output: () => string
}

let databaseName: string
let databaseUrl: string
let s3: S3rver
let s3Endpoint: string
let scratch: string
let a: Instance
let b: Instance

/** Starts `node server/index.ts` and waits for its "running at" line. */
function start(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = path.join(scratch, name)
  const child = spawn(process.execPath, ['server/index.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      out += chunk.toString()
      const match = /running at (http:\/\/localhost:\d+)/.exec(out)
      if (match) resolve({ name, child, url: match[1]!, dataDir, output: () => out })
    }
    child.stdout!.on('data', collect)
    child.stderr!.on('data', collect)
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code} before listening:\n${out}`)))
  })
}

function stop(instance: Instance | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!instance || instance.child.exitCode !== null || instance.child.signalCode !== null) return resolve()
    instance.child.once('exit', () => resolve())
    instance.child.kill('SIGTERM')
  })
}

async function adminQuery<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text, values)).rows
  } finally {
    await client.end()
  }
}

interface Answer<T> {
  status: number
  headers: Headers
  data: T
  message?: string
}

async function call<T = unknown>(
  instance: Instance,
  method: string,
  urlPath: string,
  options: { token?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${instance.url}${urlPath}`, {
    method,
    headers,
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  })
  const text = await res.text()
  const body = (text ? JSON.parse(text) : {}) as { data: T; message?: string }
  return { status: res.status, headers: res.headers, data: body.data, message: body.message }
}

const signIn = (instance: Instance, email: string, password: string) =>
  call<{ token: string }>(instance, 'POST', '/api/oauth2/loginUser', { json: { email, password } })

/** A learner account written straight to the database, with a session token both instances accept. */
async function newLearner(email: string, name: string) {
  const [row] = await adminQuery<{ id: number }>(
    databaseUrl,
    'insert into users (email, name, email_verified) values ($1, $2, true) returning id',
    [email, name],
  )
  const token = await createTokenService(JWT_SECRET, 3600, () => new Date()).sign({ userId: row!.id, role: 'USER' })
  return { id: row!.id, token }
}

interface Tree {
  id: number
  skills: { id: number; topics: { id: number; title: string; subTopics: { id: number }[] }[] }[]
}

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), 'learnpack-cluster-'))
  databaseName = `learnpack_cluster_${randomBytes(4).toString('hex')}`
  await adminQuery(BASE_URL, `create database ${databaseName}`)
  const url = new URL(BASE_URL)
  url.pathname = `/${databaseName}`
  databaseUrl = url.toString()

  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(scratch, 's3'),
    configureBuckets: [{ name: BUCKET }],
  })
  s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`

  const env = {
    PORT: '0',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey,
    SEED_DEMO: 'true',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_REQUESTS: 'false',
    SCHEDULER_TICK_S: '1',
  }
  // Both at the same moment, over an empty database.
  const started = await Promise.allSettled([start('a', env), start('b', env)])
  const running = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  const failed = started.find((outcome) => outcome.status === 'rejected')
  if (failed) {
    await Promise.all(running.map(stop))
    throw failed.reason
  }
  ;[a, b] = running as [Instance, Instance]
})

afterAll(async () => {
  await Promise.all([stop(a), stop(b)])
  await s3?.close()
  if (databaseName) await adminQuery(BASE_URL, `drop database if exists ${databaseName} with (force)`)
  if (scratch) rmSync(scratch, { recursive: true, force: true })
})

describe('two instances over one PostgreSQL database and one S3 store', () => {
  it('started at once with SEED_DEMO and ADMIN_EMAIL: one demo, one admin of each', async () => {
    const admins = await adminQuery<{ email: string; n: number }>(
      databaseUrl,
      "select email, count(*)::int as n from users where role = 'admin' group by email order by email",
    )
    expect(admins).toEqual([
      { email: 'admin@learnpack.local', n: 1 },
      { email: ADMIN.email, n: 1 },
    ])
    const learners = await adminQuery<{ n: number }>(databaseUrl, "select count(*)::int as n from users where role = 'USER'")
    expect(learners).toEqual([{ n: 1 }])
    // The demo was seeded by exactly one of them (the other found users and seeded nothing).
    const seeded = [a, b].filter((instance) => existsSync(path.join(instance.dataDir, 'demo-credentials.json')))
    expect(seeded).toHaveLength(1)
    const [packages] = await adminQuery<{ n: number; titles: number }>(
      databaseUrl,
      'select count(*)::int as n, count(distinct title)::int as titles from packages',
    )
    expect(packages!.n).toBeGreaterThan(0)
    expect(packages!.n).toBe(packages!.titles)
  })

  it('a token signed in on A works on B', async () => {
    const login = await signIn(a, ADMIN.email, ADMIN.password)
    expect(login.status).toBe(200)
    const me = await call<{ email: string }>(b, 'GET', '/api/user/getUserByEmail', { token: login.data.token })
    expect(me.status).toBe(200)
    expect(me.data.email).toBe(ADMIN.email)
  })

  it('a video uploaded on A plays with Range from B: by the URL B issues (the store) and through B itself', async () => {
    const { token } = (await signIn(a, ADMIN.email, ADMIN.password)).data
    const text = { description: 'Cluster', price: '1.00' }
    const pkg = await call<Tree>(a, 'POST', '/api/packages/createPackage', {
      token,
      json: { title: 'Cluster uploads', ...text, skills: [{ title: 'Skill', ...text }] },
    })
    expect(pkg.status).toBe(201)
    const topic = await call<{ subTopics: { id: number }[] }>(a, 'POST', '/api/topic/addTopic', {
      token,
      json: { skillId: pkg.data.skills[0]!.id, title: 'Topic', description: 'Topic', subTopics: [{ title: 'Sub', description: 'Sub' }] },
    })
    expect(topic.status).toBe(201)
    const bytes = mp4(300_000, 0x5a)
    const form = new FormData()
    form.append('title', 'Cluster video')
    form.append('video', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), 'cluster.mp4')
    form.append('thumbnail', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'cluster.png')
    const uploaded = await call<{ id: number }>(a, 'POST', `/api/videos/upload/${topic.data.subTopics[0]!.id}`, { token, form })
    expect(uploaded.status).toBe(201)

    const onB = await call<{ url: string }>(b, 'GET', `/api/videos/${uploaded.data.id}`, { token })
    expect(onB.status).toBe(200)
    expect(onB.data.url.startsWith(`${s3Endpoint}/${BUCKET}/`)).toBe(true)
    const fromStore = await fetch(onB.data.url, { headers: { range: 'bytes=1000-4999' } })
    expect(fromStore.status).toBe(206)
    expect(Buffer.from(await fromStore.arrayBuffer())).toEqual(bytes.subarray(1000, 5000))

    // B's own signed route streams the same file from the shared store.
    const key = new URL(onB.data.url).pathname.split('/').pop()!
    const signed = createFileUrlSigner(JWT_SECRET, 3600).sign(key, new Date(), { originalName: 'cluster.mp4', contentType: 'video/mp4' })
    const throughB = await fetch(`${b.url}${signed}`, { headers: { range: 'bytes=250000-250999' } })
    expect(throughB.status).toBe(206)
    expect(throughB.headers.get('content-range')).toBe(`bytes 250000-250999/${bytes.length}`)
    expect(Buffer.from(await throughB.arrayBuffer())).toEqual(bytes.subarray(250_000, 251_000))
  })

  it("a tree edited on A reads edited at B's next read, also when B answered with a validator before", async () => {
    const { token } = (await signIn(a, ADMIN.email, ADMIN.password)).data
    const text = { description: 'Tree', price: '1.00' }
    const pkg = await call<Tree>(a, 'POST', '/api/packages/createPackage', {
      token,
      json: { title: 'Cluster tree', ...text, skills: [{ title: 'Skill', ...text }] },
    })
    const topic = await call<{ id: number }>(a, 'POST', '/api/topic/addTopic', {
      token,
      json: { skillId: pkg.data.skills[0]!.id, title: 'Before', description: 'Topic', subTopics: [] },
    })
    expect(topic.status).toBe(201)

    // B reads twice (whatever it caches is warm), keeping any validator it gives.
    await call<Tree>(b, 'GET', `/api/packages/${pkg.data.id}`, { token })
    const before = await call<Tree>(b, 'GET', `/api/packages/${pkg.data.id}`, { token })
    expect(before.data.skills[0]!.topics.map((t) => t.title)).toEqual(['Before'])
    const etag = before.headers.get('etag')

    const renamed = await call(a, 'PUT', `/api/topic/${topic.data.id}`, { token, json: { title: 'After' } })
    expect(renamed.status).toBe(200)
    const added = await call(a, 'POST', '/api/topic/addTopic', {
      token,
      json: { skillId: pkg.data.skills[0]!.id, title: 'Added on A', description: 'Topic', subTopics: [] },
    })
    expect(added.status).toBe(201)

    const after = await call<Tree>(b, 'GET', `/api/packages/${pkg.data.id}`, { token, headers: etag ? { 'if-none-match': etag } : {} })
    expect(after.status).toBe(200)
    expect(after.data.skills[0]!.topics.map((t) => t.title)).toEqual(['After', 'Added on A'])
    if (etag) expect(after.headers.get('etag')).not.toBe(etag)
  })

  it('B honours a sign-out, a role change and an unassignment made on A at its next request, also with its feed cut', async () => {
    const admin = (await signIn(a, ADMIN.email, ADMIN.password)).data.token
    const sessions = createTokenService(JWT_SECRET, 3600, () => new Date())
    const newLearner = async (n: number) => {
      const [row] = await adminQuery<{ id: number }>(
        databaseUrl,
        "insert into users (email, name, email_verified) values ($1, 'Cached learner', true) returning id",
        [`cached-learner-${n}@example.com`],
      )
      return { id: row!.id, token: await sessions.sign({ userId: row!.id, role: 'USER' }) }
    }
    const text = { description: 'Cache', price: '1.00' }
    const pkg = await call<Tree>(a, 'POST', '/api/packages/createPackage', {
      token: admin,
      json: { title: 'Cluster cache', ...text, skills: [{ title: 'Skill', ...text }] },
    })
    const treePath = `/api/packages/${pkg.data.id}`
    const me = (token: string) => call(b, 'GET', '/api/user/getUserByEmail', { token })

    const first = await newLearner(1)
    expect((await call(a, 'PUT', `/api/user/${first.id}/packages/${pkg.data.id}`, { token: admin, json: {} })).status).toBe(200)
    expect((await call(b, 'GET', treePath, { token: first.token })).status).toBe(200)
    expect((await call(b, 'GET', treePath, { token: first.token })).status).toBe(200)
    expect((await call(a, 'DELETE', `/api/user/${first.id}/packages/${pkg.data.id}`, { token: admin })).status).toBe(200)
    expect((await call(b, 'GET', treePath, { token: first.token })).status).toBe(403)

    expect((await me(first.token)).status).toBe(200)
    expect((await call(a, 'POST', '/api/user/sessions/revoke', { token: first.token })).status).toBe(200)
    expect((await me(first.token)).status).toBe(401)

    const second = await newLearner(2)
    expect((await me(second.token)).status).toBe(200)
    expect((await call(a, 'PUT', `/api/user/${second.id}/role`, { token: admin, json: { role: 'admin' } })).status).toBe(200)
    expect((await me(second.token)).status).toBe(401)

    // Cut every change feed connection of this database: B clears and bypasses its caches until it listens again.
    const third = await newLearner(3)
    expect((await me(third.token)).status).toBe(200)
    const cut = await adminQuery<{ pid: number }>(
      databaseUrl,
      "select pg_terminate_backend(pid), pid from pg_stat_activity where datname = current_database() and application_name like 'learnpack-change-feed-%'",
    )
    expect(cut.length).toBeGreaterThanOrEqual(2)
    expect((await call(a, 'POST', '/api/user/sessions/revoke', { token: third.token })).status).toBe(200)
    expect((await me(third.token)).status).toBe(401)
  })

  it("B's home, kept in memory, shows an assignment, its due date, a package's title and a profile changed on A at its next request", async () => {
    const admin = (await signIn(a, ADMIN.email, ADMIN.password)).data.token
    const { id: learnerId, token } = await newLearner('home-learner@example.com', 'Home learner')
    const text = { description: 'Home', price: '1.00' }
    const pkg = await call<Tree>(a, 'POST', '/api/packages/createPackage', {
      token: admin,
      json: { title: 'Cluster home', ...text, skills: [{ title: 'Skill', ...text }] },
    })
    type Home = { name: string; packages: { id: number; title: string; dueAt: string | null }[] }
    const home = (headers: Record<string, string> = {}) => call<Home>(b, 'GET', '/api/user/getUserByEmail', { token, headers })
    await home()
    const kept = await home()
    expect(kept.data.packages).toEqual([])
    const etag = kept.headers.get('etag')!
    expect((await home({ 'if-none-match': etag })).status).toBe(304)

    expect((await call(a, 'PUT', `/api/user/${learnerId}/packages/${pkg.data.id}`, { token: admin, json: {} })).status).toBe(200)
    const assigned = await home({ 'if-none-match': etag })
    expect(assigned.status).toBe(200)
    expect(assigned.data.packages.map((p) => p.title)).toEqual(['Cluster home'])

    const dueAt = new Date(Date.now() + 7 * 86_400_000).toISOString()
    expect((await call(a, 'PUT', `/api/user/${learnerId}/packages/${pkg.data.id}`, { token: admin, json: { dueAt } })).status).toBe(200)
    expect((await home()).data.packages[0]!.dueAt).toBe(dueAt)

    await adminQuery(databaseUrl, "update packages set title = 'Cluster home, retitled' where id = $1", [pkg.data.id])
    expect((await home()).data.packages[0]!.title).toBe('Cluster home, retitled')

    expect((await call(a, 'PUT', '/api/user/profile', { token, json: { name: 'Renamed on A' } })).status).toBe(200)
    expect((await home()).data.name).toBe('Renamed on A')
  })

  it("B's home, kept in memory with a package not started, shows the learner's first heartbeat sent to A at its next request", async () => {
    const admin = (await signIn(a, ADMIN.email, ADMIN.password)).data.token
    const { id: learnerId, token } = await newLearner('first-progress@example.com', 'First progress')
    const text = { description: 'Progress', price: '1.00' }
    const pkg = await call<Tree>(a, 'POST', '/api/packages/createPackage', {
      token: admin,
      json: { title: 'Cluster progress', ...text, skills: [{ title: 'Skill', ...text }] },
    })
    const topic = await call<{ subTopics: { id: number }[] }>(a, 'POST', '/api/topic/addTopic', {
      token: admin,
      json: { skillId: pkg.data.skills[0]!.id, title: 'Topic', description: 'Topic', subTopics: [{ title: 'Sub', description: 'Sub' }] },
    })
    const form = new FormData()
    form.append('title', 'First video')
    form.append('video', new Blob([new Uint8Array(mp4(300_000, 0x3c))], { type: 'video/mp4' }), 'first.mp4')
    form.append('thumbnail', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'first.png')
    const video = await call<{ id: number }>(a, 'POST', `/api/videos/upload/${topic.data.subTopics[0]!.id}`, { token: admin, form })
    expect(video.status).toBe(201)
    await adminQuery(databaseUrl, 'update videos set duration_seconds = 100 where id = $1', [video.data.id])
    expect((await call(a, 'PUT', `/api/user/${learnerId}/packages/${pkg.data.id}`, { token: admin, json: {} })).status).toBe(200)

    type Home = { packages: { id: number; status: string }[] }
    const status = async () => (await call<Home>(b, 'GET', '/api/user/getUserByEmail', { token })).data.packages[0]!.status
    await status()
    expect(await status()).toBe('not-started')
    const beat = await call(a, 'PUT', `/api/progress/videos/${video.data.id}`, { token, json: { position: 5, watched: [[0, 5]] } })
    expect(beat.status).toBe(200)
    expect(await status()).toBe('in-progress')
  })

  it('the sign-in throttle counts failures made on both instances', async () => {
    const email = 'learner@learnpack.local'
    // Five free failures in all: three on A, two on B.
    for (const instance of [a, a, a, b, b]) expect((await signIn(instance, email, 'wrong-password')).status).toBe(401)
    const refusedOnA = await signIn(a, email, 'wrong-password')
    expect(refusedOnA.status).toBe(429)
    const refusedOnB = await signIn(b, email, 'wrong-password')
    expect(refusedOnB.status).toBe(429)
    expect(Number(refusedOnB.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('20 learners with a reminder due get it exactly once from the two schedulers: one e-mail and one notification each', async () => {
    const DAY = 86_400_000
    const [pkg] = await adminQuery<{ id: number }>(
      databaseUrl,
      "insert into packages (title, description, price) values ('Cluster reminders', 'Due soon', '1.00') returning id",
    )
    const learners = await adminQuery<{ id: number }>(
      databaseUrl,
      "insert into users (email, name, email_verified) select 'cluster-learner-' || n || '@example.com', 'Learner ' || n, true from generate_series(1, 20) n returning id",
    )
    // Due in 12 hours: the 7-day and the 1-day reminders have both passed, so only the 1-day one goes.
    await adminQuery(databaseUrl, 'insert into user_packages (user_id, package_id, due_at) select unnest($1::int[]), $2, $3', [
      learners.map((l) => l.id),
      pkg!.id,
      new Date(Date.now() + DAY / 2),
    ])
    const notifications = async () =>
      (
        await adminQuery<{ n: number }>(databaseUrl, 'select count(*)::int as n from notifications where user_id = any($1::int[])', [
          learners.map((l) => l.id),
        ])
      )[0]!.n
    // Reminder ticks run so far, as pg-boss records them (its job table, in its own schema).
    const ticks = async () =>
      (
        await adminQuery<{ n: number }>(
          databaseUrl,
          "select count(*)::int as n from pgboss.job where name = 'reminders' and state = 'completed'",
        )
      )[0]!.n
    const reminderMails = () =>
      [a, b].flatMap((instance) => {
        const outbox = path.join(instance.dataDir, 'outbox')
        if (!existsSync(outbox)) return []
        return readdirSync(outbox)
          .map((name) => readFileSync(path.join(outbox, name), 'utf8'))
          .flatMap((mail) => /^To: (cluster-learner-\d+@example\.com)$/m.exec(mail)?.slice(1) ?? [])
      })

    await vi.waitFor(async () => expect(await notifications()).toBe(20), { timeout: 30_000, interval: 200 })
    await vi.waitFor(() => expect(reminderMails()).toHaveLength(20), { timeout: 30_000, interval: 200 })
    // Three more ticks, on either instance, send nothing more.
    const seen = await ticks()
    await vi.waitFor(async () => expect(await ticks()).toBeGreaterThanOrEqual(seen + 3), { timeout: 30_000, interval: 200 })
    expect(await notifications()).toBe(20)
    const mails = reminderMails()
    expect(mails).toHaveLength(20)
    expect(new Set(mails).size).toBe(20)
    const sends = await adminQuery<{ offset_days: number; n: number }>(
      databaseUrl,
      'select offset_days, count(*)::int as n from reminder_sends where package_id = $1 group by offset_days',
      [pkg!.id],
    )
    expect(sends).toEqual([{ offset_days: 1, n: 20 }])
  })
})
