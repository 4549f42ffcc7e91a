import { z } from 'zod'
import { pageQuery } from './content.ts'

/** What a notification is about: the one list of kinds. */
export const NOTIFICATION_KINDS = ['assigned', 'due-soon', 'overdue', 'certificate-issued', 'certificate-expiring'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const notificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    /** An in-app path, such as `/topics/12`. */
    link: z.string(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' })
export type Notification = z.infer<typeof notificationSchema>

/** `?unread=true` lists only the unread ones; `page` (0-based) and `size` as in every paged read. */
export const notificationsQuery = pageQuery.extend({
  unread: z
    .enum(['true', 'false'], { error: "unread must be 'true' or 'false'" })
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: 'true: only the notifications not yet read' }),
})
export type NotificationsQuery = z.input<typeof notificationsQuery>

/** One page of the signed-in user's notifications, newest first, with how many are unread in all. */
export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    unreadCount: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    empty: z.boolean(),
  })
  .meta({ id: 'NotificationList' })
export type NotificationList = z.infer<typeof notificationListSchema>

/** What marking notifications read answers: how many stay unread. */
export const unreadCountSchema = z.object({ unreadCount: z.number().int() }).meta({ id: 'UnreadCount' })
export type UnreadCount = z.infer<typeof unreadCountSchema>
