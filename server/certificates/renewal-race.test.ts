import { eq, sql } from 'drizzle-orm'
import type { VideoProgress } from '../../contract/progress.ts'
import { certificates, userPackages, videoProgress, videoProgressHistory } from '../db/schema.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { certificateFixture } from '../test/certificate-fixture.ts'
import { setupTestContext } from '../test/harness.ts'
import { beforeStatement, type HookedConnection } from '../test/statement-hook.ts'
import { runCertificateTick } from './renewal.ts'

/**
 * A certificate's renewal moves the learner's video progress to the history while their heartbeats go on. A heartbeat
 * reads the progress and then writes it: a renewal between the two must not see the ended cycle's ranges written
 * back into the new one. Each test puts the renewal between the two statements of one heartbeat.
 */
const ctx = setupTestContext({ APP_URL: 'https://learn.example.com' })
let f: Awaited<ReturnType<typeof certificateFixture>>

beforeEach(async () => {
  f = await certificateFixture(ctx)
  await f.settings({ validityMonths: 12, renewDaysBefore: 30 })
})

const heartbeat = async (watched: [number, number][]) => {
  const res = await ctx.request<VideoProgress>('PUT', `/api/progress/videos/${f.videoId}`, {
    token: f.learner.token,
    body: { position: watched.at(-1)?.[1] ?? 0, watched },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data!
}

const learnerRows = async () => ({
  progress: await ctx.deps.db.select().from(videoProgress).where(eq(videoProgress.userId, f.learner.user.id)),
  history: await ctx.deps.db.select().from(videoProgressHistory).where(eq(videoProgressHistory.userId, f.learner.user.id)),
  assignment: (await ctx.deps.db.select().from(userPackages).where(eq(userPackages.userId, f.learner.user.id)))[0],
  certificateCycles: (
    await ctx.deps.db.select({ cycle: certificates.cycle }).from(certificates).where(eq(certificates.userId, f.learner.user.id))
  ).map((c) => c.cycle),
})

// 2027-01-15 minus 30 days: the renewal of a certificate issued on 2026-01-15 at 10:00 is due.
const RENEWAL_DUE = '2026-12-16T10:00:00Z'

it('a heartbeat that read the progress before the renewal began writes only its own seconds into the new cycle', async () => {
  await f.at('2026-01-15T09:59:40Z')
  await f.watchAll() // the whole 20 s video: the package completes and the certificate is issued
  await f.at(RENEWAL_DUE)
  let renewed = 0
  // The heartbeat's write (it holds only if the budget's row is the version read) waits for a whole renewal.
  const unhook = beforeStatement(
    ctx.database,
    (text) => text.includes('xmin = '),
    async () => {
      renewed = await runCertificateTick(ctx.deps, ctx.now)
    },
  )
  try {
    const saved = await heartbeat([[15, 20]])
    expect(renewed).toBe(1)
    expect(saved).toMatchObject({ watchedSeconds: 5, completed: false })
  } finally {
    unhook()
  }
  const rows = await learnerRows()
  expect(rows.progress).toMatchObject([{ watched: [[15, 20]], watchedSeconds: 5 }])
  expect(rows.history).toMatchObject([{ cycle: 1, watchedSeconds: 20 }])
  expect(rows.assignment).toMatchObject({ cycle: 2, completedAt: null })
  expect(await f.percent()).toBeLessThan(100)
})

it('a heartbeat recorded under the budget’s lock finishes before the renewal moves its progress to the history', async () => {
  await f.at('2026-01-15T09:59:40Z')
  await heartbeat([])
  for (const end of [5, 10, 15]) {
    f.later(5)
    await heartbeat([[end - 5, end]])
  }
  await f.issue() // 15 of 20 s watched: the certificate is there, the video not yet complete
  await f.at(RENEWAL_DUE)
  let renewal: Promise<number> | undefined
  let settled = false
  // This heartbeat completes the video, so it is recorded in a transaction holding the learner's budget row. Its
  // write of the progress waits until the renewal has finished, or (on PostgreSQL) waits for this transaction.
  const unhook = beforeStatement(
    ctx.database,
    (text) => text.startsWith('insert into "video_progress"'),
    async (connection) => {
      renewal = runCertificateTick(ctx.deps, ctx.now).finally(() => {
        settled = true
      })
      // The embedded database runs one transaction at a time: the renewal's begins after this one.
      if (ctx.database.kind === 'postgres') await renewalDoneOrWaitingFor(connection, () => settled)
    },
  )
  try {
    const saved = await heartbeat([[15, 20]])
    expect(saved).toMatchObject({ watchedSeconds: 20, completed: true })
  } finally {
    unhook()
  }
  expect(await renewal).toBe(1)
  const rows = await learnerRows()
  // The heartbeat completed the first cycle; the renewal archived it and the second starts from nothing.
  expect(rows.progress).toEqual([])
  expect(rows.history).toMatchObject([{ cycle: 1, watchedSeconds: 20 }])
  expect(rows.assignment).toMatchObject({ cycle: 2, completedAt: null })
  expect(rows.certificateCycles).toEqual([1])
  expect(await f.percent()).toBe(0)
})

/** Until the renewal has finished or waits for a lock the hooked connection's transaction holds. */
async function renewalDoneOrWaitingFor(connection: HookedConnection, done: () => boolean) {
  const pid = Number((await connection.query('select pg_backend_pid() as pid')).rows[0]!.pid)
  await vi.waitFor(
    async () => {
      if (done()) return
      const [waiting] = rowsOf<{ n: number }>(
        await ctx.deps.db.execute(sql`select count(*)::int as n from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`),
      )
      expect(waiting?.n).toBeGreaterThan(0)
    },
    { timeout: 60_000, interval: 20 },
  )
}
