import type { PGlite } from '@electric-sql/pglite'
import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * Invalidations of the in-memory caches of rows every request reads (server/db/invalidated-cache.ts). Triggers
 * (migration 0019) call `pg_notify` on this channel in the writer's own transaction, so PostgreSQL delivers them to
 * every instance when, and only when, the write commits, whichever code path made it. A payload is
 * `<schema>/<kind>:<id>`; a feed hears only its own schema.
 */
export const CHANGE_CHANNEL = 'learnpack_cache'
/** The LISTENing connections' names in pg_stat_activity start with it. */
export const FEED_APPLICATION_NAME = 'learnpack-change-feed'

/**
 * What moved on: a user's role or session versions (or the account went), a learner's assignments, a package; what a
 * learner's own answer shows ('account', migration 0020); a timed sitting of the user opened ('sitting', 0021).
 */
export type ChangeKind = 'user' | 'access' | 'package' | 'account' | 'sitting'
export type Change = { kind: ChangeKind; id: number } | { kind: 'all' }

export interface ChangeFeed {
  /** On PostgreSQL, the LISTENing connection's application_name (one per feed); 'pglite' on the embedded database. */
  readonly name: string
  /**
   * True while invalidations arrive. A cache answers from memory only then: a change it might have missed is
   * never honoured late, it is read from the database instead.
   */
  readonly live: boolean
  subscribe(listener: (change: Change) => void): void
  /** Every cache forgets everything: after writes no trigger saw (the test harness empties tables with triggers off). */
  clearAll(): void
  /** Resolves once every change committed before the call has been heard (or the feed is down, caches bypassed). */
  settled(): Promise<void>
  close(): Promise<void>
}

/** The change a payload names, null for another schema's, 'all' for one this version cannot read (always safe). */
export function parseChange(payload: string, schema: string): Change | null {
  const slash = payload.lastIndexOf('/')
  if (payload.slice(0, slash) !== schema) return null
  const match = /^(user|access|package|account|sitting):(\d+)$/.exec(payload.slice(slash + 1))
  return match ? { kind: match[1] as ChangeKind, id: Number(match[2]) } : { kind: 'all' }
}

class Listeners {
  #listeners: ((change: Change) => void)[] = []
  live = false
  subscribe(listener: (change: Change) => void) {
    this.#listeners.push(listener)
  }
  emit(change: Change) {
    for (const listener of this.#listeners) listener(change)
  }
  /** Going live or down, every cache starts again from nothing. */
  setLive(live: boolean) {
    this.emit({ kind: 'all' })
    this.live = live
  }
}

/**
 * The embedded database is one connection in this process: LISTEN on it. PGlite runs the callbacks (as microtasks)
 * while it reads the answer of the COMMIT, before the writer's `await` resumes: settled at once.
 */
export async function pgliteChangeFeed(client: PGlite): Promise<ChangeFeed> {
  const listeners = new Listeners()
  const schema = await currentSchema((text) => client.query<{ schema: string }>(text))
  const unlisten = await client.listen(CHANGE_CHANNEL, (payload) => {
    const change = parseChange(payload, schema)
    if (change) listeners.emit(change)
  })
  listeners.setLive(true)
  return {
    name: 'pglite',
    get live() {
      return listeners.live
    },
    subscribe: (listener) => listeners.subscribe(listener),
    clearAll: () => listeners.emit({ kind: 'all' }),
    settled: async () => undefined,
    close: async () => {
      listeners.setLive(false)
      await unlisten().catch(() => undefined)
    },
  }
}

/**
 * On PostgreSQL, a dedicated connection LISTENs. Delivery is asynchronous: an instance hears of another's commit
 * a moment after it (the listener's backend is signalled at commit). When the connection drops, every cache is
 * cleared and bypassed (`live` false) until it is back and LISTENing again; it reconnects with a growing delay (up
 * to 5 s). TCP keepalive notices a connection that died silently.
 */
export function postgresChangeFeed(
  connection: Pick<pg.ClientConfig, 'connectionString' | 'options'>,
  onError: (err: unknown) => void = logFeedError,
): ChangeFeed {
  const listeners = new Listeners()
  // The schema the app's writes name (the pool's search_path: same connection settings), read at each connect.
  let schema = ''
  const name = `${FEED_APPLICATION_NAME}-${randomBytes(4).toString('hex')}`
  let client: pg.Client | undefined
  let closed = false
  let delay = 100
  let timer: NodeJS.Timeout | undefined
  // settled(): a marker NOTIFY sent on the feed's own connection comes back after everything committed before it.
  let marker = 0
  const waiting = new Map<string, () => void>()
  const releaseAll = () => {
    for (const resolve of waiting.values()) resolve()
    waiting.clear()
  }

  const drop = (err?: unknown) => {
    if (err) onError(err)
    const dropped = client
    client = undefined
    listeners.setLive(false)
    releaseAll()
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
    const next = new pg.Client({ ...connection, application_name: name, keepAlive: true })
    client = next
    next.on('notification', (message) => {
      if (message.channel !== CHANGE_CHANNEL || message.payload === undefined) return
      const release = waiting.get(message.payload)
      if (release) {
        waiting.delete(message.payload)
        return release()
      }
      const change = parseChange(message.payload, schema)
      if (change) listeners.emit(change)
    })
    next.on('error', (err) => client === next && drop(err))
    next.on('end', () => client === next && drop(new Error('change feed connection ended')))
    try {
      await next.connect()
      schema = await currentSchema((text) => next.query<{ schema: string }>(text))
      await next.query(`LISTEN ${CHANGE_CHANNEL}`)
      if (client !== next || closed) return
      delay = 100
      listeners.setLive(true)
    } catch (err) {
      if (client === next) drop(err)
    }
  }
  // A marker in flight, and the one that follows it (shared by every caller that arrived after the first left).
  let sent: Promise<void> | undefined
  let next: Promise<void> | undefined
  const sendMarker = () => {
    const current = client
    if (!listeners.live || !current) return Promise.resolve()
    const payload = `${FEED_APPLICATION_NAME}:${process.pid}:${++marker}`
    return new Promise<void>((resolve) => {
      waiting.set(payload, resolve)
      current.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, payload]).catch(() => {
        waiting.delete(payload)
        resolve()
      })
    })
  }
  void connect()
  const feed: ChangeFeed = {
    name,
    get live() {
      return listeners.live
    },
    subscribe: (listener) => listeners.subscribe(listener),
    clearAll: () => listeners.emit({ kind: 'all' }),
    settled() {
      if (!listeners.live || !client) return Promise.resolve()
      if (!sent) {
        sent = sendMarker().finally(() => {
          sent = undefined
        })
        return sent
      }
      // The marker in flight may have left before this caller's changes committed: wait for the next one, which
      // every caller arriving meanwhile shares (one marker a round trip, however many requests).
      next ??= sent.then(() => {
        next = undefined
        return feed.settled()
      })
      return next
    },
    close: async () => {
      closed = true
      if (timer) clearTimeout(timer)
      const last = client
      client = undefined
      listeners.setLive(false)
      releaseAll()
      await last?.end().catch(() => undefined)
    },
  }
  return feed
}

/** What `current_schema()` answers in the triggers of this database's writers. */
async function currentSchema(query: (text: string) => Promise<{ rows: { schema: string }[] }>): Promise<string> {
  const { rows } = await query('select current_schema() as schema')
  return rows[0]!.schema
}

function logFeedError(err: unknown) {
  console.error(
    JSON.stringify({ level: 'warn', msg: 'cache invalidation feed lost; caches bypassed until it is back', error: String(err) }),
  )
}
