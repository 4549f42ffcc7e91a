import { LRUCache } from 'lru-cache'
import type { Db } from './client.ts'
import type { ChangeFeed, ChangeKind } from './change-feed.ts'

// The feed of each open database, found from its Db (services receive the Db, or a transaction, which has none).
const feeds = new WeakMap<object, ChangeFeed>()

export function attachChangeFeed(db: Db, feed: ChangeFeed) {
  feeds.set(db, feed)
}

export function changeFeedOf(db: Db): ChangeFeed | undefined {
  return feeds.get(db)
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
      // Changes of other kinds (progress arrives with every heartbeat) neither drop rows nor spoil loads in flight.
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
      const feed = feeds.get(db)
      if (!feed?.live) return load()
      // Another instance's change reaches this one a moment after its commit: hear everything committed before
      // this read first, so that no change is honoured late (at once on the embedded database).
      await feed.settled()
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
