import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { DEADLINE_GRACE_SECONDS } from '../../contract/assessment.ts'
import type { ChangeFeed } from '../db/change-feed.ts'
import type { Db } from '../db/client.ts'
import { settledFeed, withFeedSettled } from '../db/invalidated-cache.ts'
import { mcqSittings } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { bearerToken } from '../auth/bearer.ts'
import { gradeSitting } from './grade-sitting.ts'
import { lockLearner } from './lock.ts'
import type { Queryable } from './settings.ts'
import { closedSubTopics, isOver } from './sitting-clock.ts'
import type { SittingRow } from './sittings.ts'

/** A sitting left open past its deadline: graded with its saved answers, late; without attempts left, closed. */
export const gradeExpired = (now: Date) => (tx: Queryable, sitting: SittingRow) =>
  gradeSitting(tx, sitting, { answers: sitting.answers, lateSubTopics: closedSubTopics(sitting, now), now, noAttemptsLeft: 'discard' })

interface DueSitting {
  id: string
  userId: number
}

const cutoffOf = (now: Date) => new Date(now.getTime() - DEADLINE_GRACE_SECONDS * 1000)

/**
 * Grades these sittings, each in its own transaction under its learner's lock and re-read under a row lock, so
 * concurrent callers grade each sitting once.
 */
async function gradeEach(db: Db, due: readonly DueSitting[], now: Date) {
  for (const { id, userId } of due) {
    await db.transaction(async (tx) => {
      await lockLearner(tx, userId)
      const [row] = await tx
        .select()
        .from(mcqSittings)
        .where(and(eq(mcqSittings.id, id), isNull(mcqSittings.gradedAt)))
        .for('update')
      if (row && isOver(row, now)) await gradeExpired(now)(tx, row)
    })
  }
}

/** Grades every sitting past its deadline and grace. */
export async function gradeDueSittings(db: Db, now: Date) {
  const due = await db
    .select({ id: mcqSittings.id, userId: mcqSittings.userId })
    .from(mcqSittings)
    .where(and(isNull(mcqSittings.gradedAt), lt(mcqSittings.deadline, cutoffOf(now))))
  await gradeEach(db, due, now)
}

/**
 * In one statement: the open sittings past their deadline and grace, and the earliest deadline of the others still
 * open (epoch milliseconds; null when none has one).
 */
async function dueAndNext(db: Db, now: Date) {
  const cutoff = sql`${cutoffOf(now).toISOString()}::timestamptz`
  const due = sql<DueSitting[]>`coalesce(json_agg(json_build_object('id', ${mcqSittings.id}, 'userId', ${mcqSittings.userId}))
    filter (where ${mcqSittings.deadline} < ${cutoff}), '[]'::json)`
  const next = sql<number | null>`(extract(epoch from min(${mcqSittings.deadline})
    filter (where ${mcqSittings.deadline} >= ${cutoff})) * 1000)::float8`
  const [row] = await db
    .select({ due, next })
    .from(mcqSittings)
    .where(and(isNull(mcqSittings.gradedAt), isNotNull(mcqSittings.deadline)))
  return { due: row?.due ?? [], next: row?.next == null ? null : Number(row.next) }
}

/**
 * Per database while its change feed is live: the earliest deadline of the sittings open when it was read
 * (Infinity: none), undefined until read. A sitting opened with a deadline on any instance notifies 'sitting'
 * (migration 0021) and drops it; one graded meanwhile only makes it earlier than needed.
 */
interface Earliest {
  deadline: number | undefined
  /** Moves on with every drop: a read that began before one is not kept. */
  generation: number
}
const earliest = new WeakMap<object, Earliest>()

function earliestOf(db: Db, feed: ChangeFeed): Earliest {
  let kept = earliest.get(db)
  if (!kept) {
    const created: Earliest = { deadline: undefined, generation: 0 }
    feed.subscribe((change) => {
      if (change.kind !== 'all' && change.kind !== 'sitting') return
      created.deadline = undefined
      created.generation++
    })
    earliest.set(db, created)
    kept = created
  }
  return kept
}

/**
 * Grades the sittings past their deadline before a read. While the change feed is live, no statement at all until
 * the earliest deadline kept has passed with its grace (no sitting can be due before), then one, and a grading for
 * each sitting due. True when it heard the feed up to the read's start and wrote nothing: the rest of the request
 * need not wait for the feed again (after a grading it must, to hear of its own writes).
 */
export async function gradeDueBeforeRead(db: Db, now: Date): Promise<boolean> {
  const feed = await settledFeed(db)
  if (!feed) {
    await gradeDueSittings(db, now)
    return false
  }
  const kept = earliestOf(db, feed)
  if (kept.deadline !== undefined && now.getTime() <= kept.deadline + DEADLINE_GRACE_SECONDS * 1000) return true
  const generation = kept.generation
  const { due, next } = await dueAndNext(db, now)
  await gradeEach(db, due, now)
  if (feed.live && kept.generation === generation) kept.deadline = next ?? Number.POSITIVE_INFINITY
  return due.length === 0
}

/** Reads under these paths see attempts, limits or progress: expired sittings are graded before them. */
const READS_AFTER_GRADING = /^\/api\/(mcq-attempts|progress|reports|subTopic)(\/|$)/

/**
 * The job engine grades expired sittings every tick (server/jobs); a read that could show their outcome grades them
 * first as well, so it never shows a sitting that expired since the last tick as still open. Only for a request with
 * a signed session token: the route's guard refuses the others, and they must not make the database work first.
 */
export function gradeExpiredBeforeReads({ db, clock, tokens }: AppDeps) {
  const signedIn = (header: string | undefined) => {
    const token = bearerToken(header)
    return token !== undefined && tokens.verify(token) !== null
  }
  return createMiddleware<AppEnv>(async (c, next) => {
    if (
      c.req.method === 'GET' &&
      READS_AFTER_GRADING.test(c.req.path) &&
      signedIn(c.req.header('authorization')) &&
      (await gradeDueBeforeRead(db, clock()))
    )
      await withFeedSettled(db, next)
    else await next()
  })
}
