import { eq } from 'drizzle-orm'
import type { NotificationList, UnreadCount } from '../../contract/notifications.ts'
import { notifications } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { createNotifications, type NewNotification } from './create.ts'
import { NOTIFICATIONS_KEPT_PER_USER, pruneNotifications, READ_NOTIFICATIONS_KEPT_DAYS } from './service.ts'

const ctx = setupTestContext()
const DAY = 86_400_000

const list = (token: string, query = '') => ctx.request<NotificationList>('GET', `/api/notifications${query}`, { token })
const read = (token: string, id: number) => ctx.request<UnreadCount>('POST', `/api/notifications/${id}/read`, { token })
const readAll = (token: string) => ctx.request<UnreadCount>('POST', '/api/notifications/read-all', { token })

const note = (userId: number, title: string): NewNotification => ({
  userId,
  kind: 'due-soon',
  title,
  body: `About ${title}`,
  link: '/topics/1',
})

/** One notification per title, a minute apart in the order given (so the last is the newest). */
async function notify(userId: number, titles: string[]) {
  const start = ctx.now.getTime() - titles.length * 60_000
  for (const [i, title] of titles.entries()) await createNotifications(ctx.deps.db, [note(userId, title)], new Date(start + i * 60_000))
}

const titles = (answer: { body: { data?: NotificationList } }) => answer.body.data!.items.map((n) => n.title)

describe('notifications API', () => {
  it("lists only the caller's own notifications, newest first, with the unread count", async () => {
    const me = await ctx.createUser()
    const other = await ctx.createUser()
    await notify(me.user.id, ['first', 'second', 'third'])
    await notify(other.user.id, ['not mine'])

    const answer = await list(me.token)
    expect(answer.status).toBe(200)
    expect(titles(answer)).toEqual(['third', 'second', 'first'])
    expect(answer.body.data).toMatchObject({ unreadCount: 3, totalElements: 3, number: 0, first: true, last: true, empty: false })
    expect(answer.body.data!.items[0]).toEqual({
      id: expect.any(Number),
      kind: 'due-soon',
      title: 'third',
      body: 'About third',
      link: '/topics/1',
      createdAt: expect.any(String),
      readAt: null,
    })
  })

  it('marks one read; ?unread=true then leaves it out, and the count drops', async () => {
    const me = await ctx.createUser()
    await notify(me.user.id, ['a', 'b'])
    const [newest] = (await list(me.token)).body.data!.items

    const marked = await read(me.token, newest!.id)
    expect(marked.status).toBe(200)
    expect(marked.body.data).toEqual({ unreadCount: 1 })
    const readAt = (await list(me.token)).body.data!.items[0]!.readAt
    expect(readAt).toBe(ctx.now.toISOString())

    const unread = await list(me.token, '?unread=true')
    expect(titles(unread)).toEqual(['a'])
    expect(unread.body.data).toMatchObject({ unreadCount: 1, totalElements: 1 })

    // Reading it again changes nothing, not even when it was read.
    ctx.now = new Date(ctx.now.getTime() + 60_000)
    expect((await read(me.token, newest!.id)).body.data).toEqual({ unreadCount: 1 })
    expect((await list(me.token)).body.data!.items[0]!.readAt).toBe(readAt)
  })

  it("answers 404 for someone else's notification, exactly as for one that does not exist, and leaves it unread", async () => {
    const me = await ctx.createUser()
    const other = await ctx.createUser()
    const admin = await ctx.createUser({ role: 'admin' })
    await notify(other.user.id, ['theirs'])
    const theirs = (await list(other.token)).body.data!.items[0]!

    const foreign = await read(me.token, theirs.id)
    const missing = await read(me.token, theirs.id + 1000)
    expect(foreign.status).toBe(404)
    expect(missing.status).toBe(404)
    expect(foreign.body.message).toBe('Notification not found')
    expect(missing.body.message).toBe(foreign.body.message)
    expect((await read(admin.token, theirs.id)).status).toBe(404)
    expect((await list(other.token)).body.data!.unreadCount).toBe(1)
  })

  it("read-all marks every one of the caller's notifications read and no one else's", async () => {
    const me = await ctx.createUser()
    const other = await ctx.createUser()
    await notify(me.user.id, ['a', 'b', 'c'])
    await notify(other.user.id, ['theirs'])

    const answer = await readAll(me.token)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toEqual({ unreadCount: 0 })
    expect((await list(me.token, '?unread=true')).body.data).toMatchObject({ items: [], unreadCount: 0, empty: true })
    expect((await list(me.token)).body.data!.items.every((n) => n.readAt !== null)).toBe(true)
    expect((await list(other.token)).body.data!.unreadCount).toBe(1)
  })

  it('pages like the other paged reads', async () => {
    const me = await ctx.createUser()
    await notify(me.user.id, ['1', '2', '3', '4', '5'])
    const second = await list(me.token, '?page=1&size=2')
    expect(titles(second)).toEqual(['3', '2'])
    expect(second.body.data).toMatchObject({ totalElements: 5, totalPages: 3, number: 1, size: 2, first: false, last: false })
    const last = await list(me.token, '?page=2&size=2')
    expect(titles(last)).toEqual(['1'])
    expect(last.body.data).toMatchObject({ last: true, unreadCount: 5 })
  })

  it('refuses a bad query or id with a 400 naming it', async () => {
    const me = await ctx.createUser()
    const badFilter = await list(me.token, '?unread=yes')
    expect(badFilter.status).toBe(400)
    expect(badFilter.body.errorDetails).toEqual({ unread: "unread must be 'true' or 'false'" })
    const badSize = await list(me.token, '?size=500')
    expect(badSize.status).toBe(400)
    expect(badSize.body.errorDetails).toEqual({ size: 'size must be at most 100' })
    const badId = await ctx.request('POST', '/api/notifications/abc/read', { token: me.token })
    expect(badId.status).toBe(400)
    expect(Object.keys(badId.body.errorDetails ?? {})).toEqual(['id'])
  })

  it('pruning drops read notifications past the retention and the oldest past the per-user cap', async () => {
    const me = await ctx.createUser()
    const other = await ctx.createUser()
    const longAgo = new Date(ctx.now.getTime() - (READ_NOTIFICATIONS_KEPT_DAYS + 1) * DAY)
    await createNotifications(ctx.deps.db, [note(me.user.id, 'old and read'), note(me.user.id, 'old and unread')], longAgo)
    await ctx.deps.db.update(notifications).set({ readAt: longAgo }).where(eq(notifications.title, 'old and read'))
    await notify(me.user.id, ['recent'])
    const many = Array.from({ length: NOTIFICATIONS_KEPT_PER_USER + 2 }, (_, i) => `n${i}`)
    await notify(other.user.id, many)

    expect(await pruneNotifications(ctx.deps.db, ctx.now)).toBe(3)
    expect(titles(await list(me.token))).toEqual(['recent', 'old and unread'])
    const theirs = await list(other.token, '?size=1')
    expect(theirs.body.data!.totalElements).toBe(NOTIFICATIONS_KEPT_PER_USER)
    expect(titles(await list(other.token, `?page=${NOTIFICATIONS_KEPT_PER_USER - 1}&size=1`))).toEqual(['n2'])
  })
})
