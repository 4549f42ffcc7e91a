import { createHash } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { User } from '../../contract/auth.ts'
import type { ChangeFeed } from '../db/change-feed.ts'
import type { Db } from '../db/client.ts'
import { settledFeed } from '../db/invalidated-cache.ts'
import { preparedPerDb } from '../db/prepared.ts'
import { users } from '../db/schema.ts'
import { envelope } from '../http/envelope.ts'
import { KeptJson } from '../http/compress.ts'
import { entityTag } from '../http/revalidate.ts'
import { buildHome } from './home-read.ts'
import { getCurrentUser } from './service.ts'

/**
 * The signed-in user's own answer (GET /user/getUserByEmail), kept per user and database while the change feed is
 * live, and dropped when the database says something it shows changed (migrations 0019 to 0021):
 * - 'user', 'access', 'account' of the user: the account, its assignments and their settings, its groups, progress
 *   that went down, and what may start a package: the learner's first progress row in it, a passed test, SCORM data;
 * - 'package' of any of its packages: titles, skills, and the content progress is counted over;
 * - the clock passing the earliest due date still ahead, which turns a package overdue.
 * Progress that grows notifies nothing (heartbeats stay free of NOTIFY). So a package showing 'not-started' while
 * the learner has progress rows in it (too little watched to count) may start unannounced: such an answer is kept
 * with a stamp of the learner's progress rows, read before the answer was built, and served again only while one
 * statement reads the same stamp. Every other kept answer is served with no statement at all.
 * Without a live feed every read is built from the database, still with its ETag (a hash of the answer).
 */
const MESSAGE = 'Current User'
const MAX_ENTRIES = 20_000
const MAX_BYTES = 64 * 1024 * 1024

export interface HomeAnswer {
  user: User
  tag: string
  /** The serialised envelope, when the answer is kept: sent as it is. */
  kept?: KeptJson
}

interface Entry {
  answer: HomeAnswer & { kept: KeptJson }
  packageIds: readonly number[]
  /**
   * When a package shows 'not-started' though the learner has progress rows in it (growing them may start it
   * unannounced): the learner's progress stamp read before the answer was built. Null otherwise.
   */
  progressStamp: string | null
  /** The answer holds from the time it was built until the first due date then ahead has passed. */
  builtAt: number
  validUntil: number
}

/** A load in flight: a change heard meanwhile (for its user, or of a package it read) means it may hold old rows. */
interface Load {
  promise: Promise<Entry>
  stale: boolean
  changedPackages: Set<number>
}

interface State {
  lru: LRUCache<number, Entry>
  loading: Map<number, Load>
}

const states = new WeakMap<object, State>()

function stateOf(db: Db, feed: ChangeFeed): State {
  const state = states.get(db)
  if (state) return state
  const created: State = {
    lru: new LRUCache<number, Entry>({
      max: MAX_ENTRIES,
      maxSize: MAX_BYTES,
      sizeCalculation: (entry) => entry.answer.kept.json.byteLength + 256,
    }),
    loading: new Map(),
  }
  feed.subscribe((change) => {
    const { lru, loading } = created
    switch (change.kind) {
      case 'all':
        lru.clear()
        for (const load of loading.values()) load.stale = true
        return
      case 'user':
      case 'access':
      case 'account':
        lru.delete(change.id)
        if (loading.has(change.id)) loading.get(change.id)!.stale = true
        return
      case 'package': {
        const holding: number[] = []
        for (const [userId, entry] of lru.entries()) if (entry.packageIds.includes(change.id)) holding.push(userId)
        for (const userId of holding) lru.delete(userId)
        for (const load of loading.values()) load.changedPackages.add(change.id)
      }
    }
  })
  states.set(db, created)
  return created
}

const holds = (entry: Entry, now: number) => entry.builtAt <= now && now <= entry.validUntil
const spoiled = (load: Load, entry: Entry) => load.stale || entry.packageIds.some((id) => load.changedPackages.has(id))

/**
 * What the learner's video progress rows are now: how many there are and their newest row version (a heartbeat
 * rewrites its row, so its `xmin` moves on). A passed test and SCORM data notify (migrations 0020, 0021).
 */
const progressStampOf = preparedPerDb((db) =>
  db
    .select({
      stamp: sql<string>`(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from video_progress where user_id = ${sql.placeholder('userId')})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('home_progress_stamp'),
)

async function progressStamp(db: Db, userId: number): Promise<string | null> {
  const [row] = await progressStampOf(db).execute({ userId })
  return row?.stamp ?? null
}

async function build(db: Db, userId: number, now: Date, path: string, live: boolean): Promise<Entry> {
  // Read first: progress committed while the answer is built then shows as a changed stamp at the next read.
  const stampBefore = live ? await progressStamp(db, userId) : null
  // With the feed down nothing is kept, shared package parts included: the full read is fewer statements then.
  const { user, mayStartUnannounced } = live
    ? await buildHome(db, userId, now)
    : { user: await getCurrentUser(db, userId, now), mayStartUnannounced: false }
  const hash = createHash('sha1').update(JSON.stringify(user)).digest('base64url').slice(0, 22)
  const at = now.getTime()
  let validUntil = Number.POSITIVE_INFINITY
  for (const pkg of user.packages) {
    const due = pkg.dueAt === null ? null : Date.parse(pkg.dueAt)
    if (pkg.status !== 'completed' && due !== null && due >= at) validUntil = Math.min(validUntil, due)
  }
  return {
    answer: {
      user,
      tag: entityTag('account', userId, hash),
      kept: new KeptJson(JSON.stringify(envelope({ success: true, status: 200, data: user, message: MESSAGE, path }))),
    },
    packageIds: user.packages.map((p) => p.id),
    // '' when the stamp could not be read: it matches no stamp, so the next read builds again.
    progressStamp: mayStartUnannounced ? (stampBefore ?? '') : null,
    builtAt: at,
    validUntil,
  }
}

/** The user's answer with its validator: from memory when nothing it shows has changed. */
export async function homeAnswer(db: Db, userId: number, now: Date, path: string): Promise<HomeAnswer> {
  // Every change committed before this request is heard first (another instance's arrive a moment after their commit).
  const feed = await settledFeed(db)
  if (!feed) {
    const { answer } = await build(db, userId, now, path, false)
    return { user: answer.user, tag: answer.tag }
  }
  const state = stateOf(db, feed)
  const at = now.getTime()
  const kept = state.lru.get(userId)
  if (kept && holds(kept, at) && (kept.progressStamp === null || kept.progressStamp === (await progressStamp(db, userId))))
    return kept.answer
  // Concurrent misses of one user share a load, unless a change was heard since it began.
  const inFlight = state.loading.get(userId)
  if (inFlight && !inFlight.stale) {
    const entry = await inFlight.promise
    if (!spoiled(inFlight, entry) && holds(entry, at)) return entry.answer
  }
  const load: Load = { promise: build(db, userId, now, path, true), stale: false, changedPackages: new Set() }
  state.loading.set(userId, load)
  try {
    const entry = await load.promise
    if (!spoiled(load, entry) && feed.live) state.lru.set(userId, entry)
    return entry.answer
  } finally {
    if (state.loading.get(userId) === load) state.loading.delete(userId)
  }
}
