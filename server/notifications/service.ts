import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Notification, NotificationList } from '../../contract/notifications.ts'
import type { Db } from '../db/client.ts'
import { notifications } from '../db/schema.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { notFound } from '../http/errors.ts'
import { toPage } from '../http/paging.ts'

/** Read notifications are kept this long; unread ones until they are read or pushed out by the cap below. */
export const READ_NOTIFICATIONS_KEPT_DAYS = 90
/** At most this many notifications per user; the oldest beyond it go. */
export const NOTIFICATIONS_KEPT_PER_USER = 200

type Row = typeof notifications.$inferSelect

const toNotification = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind as Notification['kind'],
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
})

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return row?.n ?? 0
}

/** One page of a user's own notifications, newest first; `unread` keeps only those not read yet. */
export async function listNotifications(
  db: Db,
  userId: number,
  query: { unread: boolean; page: number; size: number },
): Promise<NotificationList> {
  const where = and(eq(notifications.userId, userId), query.unread ? isNull(notifications.readAt) : undefined)
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ n: count() }).from(notifications).where(where),
    unreadCount(db, userId),
  ])
  const { content, ...page } = toPage(rows.map(toNotification), total?.n ?? 0, query.page, query.size)
  return { items: content, unreadCount: unread, ...page }
}

/** Marks one of the user's own notifications read (again: no change). Another user's id is a 404, as if it did not exist. */
export async function markRead(db: Db, userId: number, id: number, now: Date): Promise<{ unreadCount: number }> {
  const [marked] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id })
  if (!marked) throw notFound('Notification not found')
  return { unreadCount: await unreadCount(db, userId) }
}

export async function markAllRead(db: Db, userId: number, now: Date): Promise<{ unreadCount: number }> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  return { unreadCount: await unreadCount(db, userId) }
}

/**
 * Bounds what is kept: read notifications older than READ_NOTIFICATIONS_KEPT_DAYS go, and so does everything past
 * each user's newest NOTIFICATIONS_KEPT_PER_USER. Run by the scheduler; returns how many rows went.
 */
export async function pruneNotifications(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - READ_NOTIFICATIONS_KEPT_DAYS * 86_400_000)
  const old = await db.delete(notifications).where(lt(notifications.readAt, cutoff)).returning({ id: notifications.id })
  const overCap = await db.execute(sql`
    delete from notifications n
    using (
      select id, row_number() over (partition by user_id order by created_at desc, id desc) as position
      from notifications
    ) ranked
    where ranked.id = n.id and ranked.position > ${NOTIFICATIONS_KEPT_PER_USER}
    returning n.id`)
  return old.length + rowsOf(overCap).length
}
