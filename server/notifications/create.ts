import type { NotificationKind } from '../../contract/notifications.ts'
import type { Db } from '../db/client.ts'
import { notifications } from '../db/schema.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type { NotificationKind }

export interface NewNotification {
  userId: number
  kind: NotificationKind
  title: string
  body: string
  /** An in-app path the notification opens, such as `/topics/12`. */
  link: string
}

/** Stores notifications in the caller's transaction, so they exist exactly when what they announce does. */
export async function createNotifications(tx: Db | Tx, items: readonly NewNotification[], now: Date): Promise<void> {
  if (items.length === 0) return
  await tx.insert(notifications).values(items.map((item) => ({ ...item, createdAt: now })))
}
