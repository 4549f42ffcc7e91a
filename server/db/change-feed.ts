import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

/**
 * Invalidations of the in-memory caches of rows every request reads (server/db/invalidated-cache.ts). Triggers
 * (migration 0019) call `pg_notify` on this channel in the writer's own transaction, so PostgreSQL delivers them to
 * every instance when, and only when, the write commits, whichever code path made it.
 */
export const CHANGE_CHANNEL = 'learnpack_cache'
/** The LISTENing connection's name in pg_stat_activity. */
export const FEED_APPLICATION_NAME = 'learnpack-change-feed'

/** What moved on: a user's role or session versions (or the account went), a learner's assignments, a package. */
export type ChangeKind = 'user' | 'access' | 'package'
export type Change = { kind: ChangeKind; id: number } | { kind: 'all' }

export interface ChangeFeed {
  /**
   * True while invalidations arrive. A cache answers from memory only then: a change it might have missed is
   * never honoured late, it is read from the database instead.
   */
  readonly live: boolean
  subscribe(listener: (change: Change) => void): void
  /** Every cache forgets everything: after writes no trigger saw (the test harness empties tables with triggers off). */
  clearAll(): void
  close(): Promise<void>
}

export function parseChange(payload: string): Change | null {
  if (payload === 'all') return { kind: 'all' }
  const match = /^(user|access|package):(\d+)$/.exec(payload)
  return match ? { kind: match[1] as ChangeKind, id: Number(match[2]) } : null
}

function createFeed() {
  const listeners: ((change: Change) => void)[] = []
  const state = { live: false }
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change)
  }
  const feed = {
    get live() {
      return state.live
    },
    subscribe: (listener: (change: Change) => void) => void listeners.push(listener),
    clearAll: () => emit({ kind: 'all' }),
  }
  const receive = (payload: string | undefined) => {
    const change = parseChange(payload ?? '')
    // Something this version does not know: forgetting everything is always safe.
    emit(change ?? { kind: 'all' })
  }
  const setLive = (live: boolean) => {
    emit({ kind: 'all' })
    state.live = live
  }
  return { feed, receive, setLive }
}

/**
 * The embedded database is one connection in this process: LISTEN on it, and PGlite runs the callbacks (as
 * microtasks) while it reads the answer of the COMMIT, before the writer's `await` resumes.
 */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const { feed, receive, setLive } = createFeed()
  const unlisten = await client.listen(CHANGE_CHANNEL, receive)
  setLive(true)
  return {
    ...feed,
    get live() {
      return feed.live
    },
    close: async () => {
      setLive(false)
      await unlisten().catch(() => undefined)
    },
  }
}

/**
 * On PostgreSQL, a dedicated connection LISTENs. When it drops, every cache is cleared and bypassed (`live` false)
 * until the connection is back and LISTENing again; it reconnects with a growing delay (up to 5 s).
 */
export function postgresChangeFeed(connectionString: string, onError: (err: unknown) => void = logFeedError): ChangeFeed {
  const { feed, receive, setLive } = createFeed()
  let client: pg.Client | undefined
  let closed = false
  let delay = 100
  let timer: NodeJS.Timeout | undefined

  const drop = (err?: unknown) => {
    if (err) onError(err)
    const dropped = client
    client = undefined
    setLive(false)
    dropped?.removeAllListeners()
    dropped?.on('error', () => undefined)
    void dropped?.end().catch(() => undefined)
    if (!closed && !timer) {
      timer = setTimeout(() => {
        timer = undefined
        void connect()
      }, delay)
      delay = Math.min(delay * 2, 5000)
    }
  }
  const connect = async () => {
    const next = new pg.Client({ connectionString, application_name: FEED_APPLICATION_NAME })
    client = next
    next.on('notification', (message) => {
      if (message.channel === CHANGE_CHANNEL) receive(message.payload)
    })
    next.on('error', (err) => client === next && drop(err))
    next.on('end', () => client === next && drop(new Error('change feed connection ended')))
    try {
      await next.connect()
      await next.query(`LISTEN ${CHANGE_CHANNEL}`)
      if (client !== next || closed) return
      delay = 100
      setLive(true)
    } catch (err) {
      if (client === next) drop(err)
    }
  }
  void connect()
  return {
    ...feed,
    get live() {
      return feed.live
    },
    close: async () => {
      closed = true
      if (timer) clearTimeout(timer)
      const last = client
      client = undefined
      setLive(false)
      await last?.end().catch(() => undefined)
    },
  }
}

function logFeedError(err: unknown) {
  console.error(JSON.stringify({ level: 'warn', msg: 'cache invalidation feed lost; caches bypassed until it is back', error: String(err) }))
}
