import { AsyncLocalStorage } from 'node:async_hooks'
import { LRUCache } from 'lru-cache'
import type { Db } from './client.ts'
import type { ChangeFeed, ChangeKind } from './change-feed.ts'

// The feed of each open database, found from its Db (services receive the Db, or a transaction, which has none).
const feeds = new WeakMap<object, ChangeFeed>()

export function attachChangeFeed(db: Db, feed: ChangeFeed) {
  feeds.set(db, feed)
}

/** Calls `forget` whenever `db`'s caches forget everything (its feed going live or down, tables emptied in tests). */
export function onForgetAll(db: Db, forget: () => void) {
  feeds.get(db)?.subscribe((change) => {
    if (change.kind === 'all') forget()
  })
}

/** The database whose feed this request already heard up to its start (the guard settles it first). */
const settledAtStart = new AsyncLocalStorage<object>()

/**
 * Runs the rest of a request after its first cache read settled `db`'s feed: every change committed before the
 * request began is heard, so later reads in it need no marker round trip of their own (a write committed meanwhile
 * is concurrent with the request: either answer is right).
 */
export function withFeedSettled<T>(db: Db, rest: () => Promise<T>): Promise<T> {
  return settledAtStart.run(db, rest)
}

/**
 * `db`'s change feed once it has heard every change committed before this call (another instance's arrive a moment
 * after their commit; at once on the embedded database), unless this request already did at its start. Undefined
 * while the feed is not live: nothing may be answered from memory then.
 */
export async function settledFeed(db: Db): Promise<ChangeFeed | undefined> {
  const feed = feeds.get(db)
  if (!feed?.live) return undefined
  if (settledAtStart.getStore() !== db) await feed.settled()
  return feed
}

interface Entries<V extends {}> {
  lru: LRUCache<number, V>
  /** Moves on with every invalidation of this kind: a load that started before one is not kept, it may hold the old row. */
  generation: number
}

/**
 * Rows keyed by an id, kept per database while its change feed is live and dropped when a change of `kind` names
 * their id (or everything is cleared). Without a live feed (or for a transaction) every read loads.
 */
export function invalidatedCache<V extends {}>(kind: ChangeKind, max: number) {
  const perDatabase = new WeakMap<object, Entries<V>>()
  const entriesOf = (db: Db, feed: ChangeFeed): Entries<V> => {
    let entries = perDatabase.get(db)
    if (!entries) {
      const created: Entries<V> = { lru: new LRUCache<number, V>({ max }), generation: 0 }
      // Changes of other kinds neither drop rows nor spoil loads in flight.
      feed.subscribe((change) => {
        if (change.kind === 'all') created.lru.clear()
        else if (change.kind === kind) created.lru.delete(change.id)
        else return
        created.generation++
      })
      perDatabase.set(db, created)
      entries = created
    }
    return entries
  }
  return {
    /** The row under `id`, from memory or from `load` (kept unless undefined, or unless a change came meanwhile). */
    async get(db: Db, id: number, load: () => Promise<V | undefined>): Promise<V | undefined> {
      // Everything committed before this read is heard first, so that no change is honoured late.
      const feed = await settledFeed(db)
      if (!feed) return load()
      const entries = entriesOf(db, feed)
      const cached = entries.lru.get(id)
      if (cached !== undefined) return cached
      const generation = entries.generation
      const loaded = await load()
      if (loaded !== undefined && feed.live && entries.generation === generation) entries.lru.set(id, loaded)
      return loaded
    },
  }
}

/** A load in flight of a package-scoped cache, and the packages changed meanwhile. */
interface ScopedLoad {
  changed: Set<number>
  cleared: boolean
}

/**
 * Rows keyed by their own id that belong to a package (a video, …): kept while the change feed is live, dropped
 * when their package's content version moves or it goes ('package' changes, migrations 0008 and 0019: every write
 * under a package moves it). `load` answers the row with the id of the package it read it under, in one statement,
 * so a row that moved to another package was read under the package whose change drops it. A load during which its
 * package changed is not kept.
 */
export function packageScopedCache<V extends {}>(max: number) {
  const perDatabase = new WeakMap<object, { lru: LRUCache<number, { packageId: number; value: V }>; loads: Set<ScopedLoad> }>()
  const entriesOf = (db: Db, feed: ChangeFeed) => {
    let entries = perDatabase.get(db)
    if (!entries) {
      const created = { lru: new LRUCache<number, { packageId: number; value: V }>({ max }), loads: new Set<ScopedLoad>() }
      feed.subscribe((change) => {
        if (change.kind === 'all') {
          created.lru.clear()
          for (const load of created.loads) load.cleared = true
        } else if (change.kind === 'package') {
          const under: number[] = []
          for (const [id, entry] of created.lru.entries()) if (entry.packageId === change.id) under.push(id)
          for (const id of under) created.lru.delete(id)
          for (const load of created.loads) load.changed.add(change.id)
        }
      })
      perDatabase.set(db, created)
      entries = created
    }
    return entries
  }
  return {
    async get(db: Db, id: number, load: () => Promise<{ packageId: number; value: V } | undefined>) {
      const feed = await settledFeed(db)
      if (!feed) return load()
      const entries = entriesOf(db, feed)
      const cached = entries.lru.get(id)
      if (cached !== undefined) return cached
      const inFlight: ScopedLoad = { changed: new Set(), cleared: false }
      entries.loads.add(inFlight)
      try {
        const loaded = await load()
        if (loaded !== undefined && feed.live && !inFlight.cleared && !inFlight.changed.has(loaded.packageId)) entries.lru.set(id, loaded)
        return loaded
      } finally {
        entries.loads.delete(inFlight)
      }
    },
    /** Several rows at once: those not in memory loaded together by `loadMany` (the same rules for each). */
    async getMany(db: Db, ids: readonly number[], loadMany: (ids: number[]) => Promise<Map<number, { packageId: number; value: V }>>) {
      const feed = await settledFeed(db)
      if (!feed) return loadMany([...new Set(ids)])
      const entries = entriesOf(db, feed)
      const found = new Map<number, { packageId: number; value: V }>()
      const missing: number[] = []
      for (const id of new Set(ids)) {
        const cached = entries.lru.get(id)
        if (cached === undefined) missing.push(id)
        else found.set(id, cached)
      }
      if (!missing.length) return found
      const inFlight: ScopedLoad = { changed: new Set(), cleared: false }
      entries.loads.add(inFlight)
      try {
        for (const [id, loaded] of await loadMany(missing)) {
          found.set(id, loaded)
          if (feed.live && !inFlight.cleared && !inFlight.changed.has(loaded.packageId)) entries.lru.set(id, loaded)
        }
        return found
      } finally {
        entries.loads.delete(inFlight)
      }
    },
  }
}
