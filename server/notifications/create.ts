import { sql } from 'drizzle-orm'
import type { NotificationKind } from '../../contract/notifications.ts'
import type { Db } from '../db/client.ts'
import { intArray, textArray } from '../db/bulk.ts'

export type { NotificationKind }

export interface NewNotification {
  userId: number
  kind: NotificationKind
  title: string
  body: string
  /** An in-app path the notification opens, such as `/topics/12`. */
  link: string
}

/**
 * Stores notifications in the caller's transaction, so they exist exactly when what they announce does. One
 * statement whatever their number (an import may notify thousands of learners at once).
 */
export async function createNotifications(tx: Pick<Db, 'execute'>, items: readonly NewNotification[], now: Date): Promise<void> {
  if (items.length === 0) return
  await tx.execute(sql`
    insert into notifications (user_id, kind, title, body, link, created_at)
    select v.user_id, v.kind, v.title, v.body, v.link, ${now.toISOString()}::timestamptz
    from unnest(
      ${intArray(items.map((item) => item.userId))},
      ${textArray(items.map((item) => item.kind))},
      ${textArray(items.map((item) => item.title))},
      ${textArray(items.map((item) => item.body))},
      ${textArray(items.map((item) => item.link))}
    ) as v(user_id, kind, title, body, link)`)
}
