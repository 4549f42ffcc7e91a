import { LRUCache } from 'lru-cache'
import type { Db } from '../db/client.ts'
import { onForgetAll } from '../db/invalidated-cache.ts'
import type { CreditRow } from './credit.ts'
import type { Range } from './ranges.ts'

/**
 * What a learner's last heartbeat in a video wrote: its ranges, the budget it left and the budget row's version
 * (`xmin`) after the write. The next heartbeat starts from it instead of reading, and its write holds only while the
 * budget row is still that version. Every writer of a learner's watching records writes that row (heartbeats on any
 * instance, the certificate renewal), so a copy that is no longer true fails the write's check and the heartbeat
 * is recorded under the row's lock, from the rows.
 */
export interface KeptHeartbeat {
  watched: Range[]
  credit: CreditRow
  version: string
}

/** Enough for a class watching at once; an entry is a few hundred bytes. */
const KEPT = 20_000
/** A learner who stopped watching a while ago is read again (a player sends a heartbeat every 10-15 s). */
const KEPT_MS = 10 * 60_000

const keptByDatabase = new WeakMap<object, LRUCache<string, KeptHeartbeat>>()

/** The kept heartbeats of one database, by learner, video and whether the row is an admin's. */
export function keptHeartbeats(db: Db) {
  let kept = keptByDatabase.get(db)
  if (!kept) {
    const created = new LRUCache<string, KeptHeartbeat>({ max: KEPT, ttl: KEPT_MS })
    onForgetAll(db, () => created.clear())
    keptByDatabase.set(db, created)
    kept = created
  }
  return kept
}

export const keptKey = (userId: number, videoId: number, byAdmin: boolean) => `${userId}:${videoId}:${byAdmin ? 'a' : 'l'}`
