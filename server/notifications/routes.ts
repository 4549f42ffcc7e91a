import { Hono } from 'hono'
import { idParam } from '../../contract/content.ts'
import { notificationListSchema, notificationsQuery, unreadCountSchema } from '../../contract/notifications.ts'
import type { Guards } from '../auth/guards.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { listNotifications, markAllRead, markRead } from './service.ts'

const tags = ['notifications']

/** The signed-in user's own notifications; nobody, an admin included, reads or marks anyone else's. */
export function notificationRoutes({ db, clock }: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>()
    .get(
      '/',
      apiDoc({
        summary: 'Your notifications, newest first, with how many are unread (?unread=true: only those)',
        tags,
        response: notificationListSchema,
      }),
      requireUser,
      validate('query', notificationsQuery),
      async (c) => ok(c, await listNotifications(db, c.var.user.id, c.req.valid('query')), 'Notifications'),
    )
    .post(
      '/read-all',
      apiDoc({ summary: 'Mark every one of your notifications read', tags, response: unreadCountSchema }),
      requireUser,
      async (c) => ok(c, await markAllRead(db, c.var.user.id, clock()), 'All notifications marked as read'),
    )
    .post(
      '/:id/read',
      apiDoc({ summary: 'Mark one of your notifications read (another user’s is not found)', tags, response: unreadCountSchema }),
      requireUser,
      validate('param', idParam),
      async (c) => ok(c, await markRead(db, c.var.user.id, c.req.valid('param').id, clock()), 'Notification marked as read'),
    )
}
