import { screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { notifications, userPackages } from '../../server/db/schema.ts'
import { createNotifications } from '../../server/notifications/create.ts'
import { insertTree } from '../../server/test/content.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { findToast } from '../support/toasts.ts'

/** The bell in the top bar: the unread count, the list, mark read, mark all read, follow a link. */

const ctx = () => testContext()
/** The bell, once the shell's top bar is there; `name` is its whole accessible name. */
const bell = async (name: string | RegExp = /^Notifications/) => within(await screen.findByRole('banner')).findByRole('button', { name })
const dialog = () => screen.findByRole('dialog', { name: 'Notifications' })

/** Notifications for the user, a minute apart in the order given (the last is the newest). */
async function notify(userId: number, items: { title: string; link?: string }[]) {
  const start = Date.now() - items.length * 60_000
  for (const [i, item] of items.entries()) {
    await createNotifications(
      ctx().deps.db,
      [{ userId, kind: 'due-soon', title: item.title, body: `About ${item.title}`, link: item.link ?? '/user/packages' }],
      new Date(start + i * 60_000),
    )
  }
}

const unreadRows = async (userId: number) =>
  (await ctx().deps.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((n) => n.readAt === null).length

describe('notifications bell', () => {
  it('shows the unread count in its name and announces it politely', async () => {
    const me = await signInAs('USER')
    await notify(me.user.id, [{ title: 'Ladders' }, { title: 'Fire safety' }, { title: 'First aid' }])
    renderApp('/user/my-dashboard')
    const button = await bell('Notifications, 3 unread')
    expect(button).toHaveTextContent('3')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    const live = await screen.findByText('3 unread notifications')
    expect(live).toHaveAttribute('aria-live', 'polite')
  })

  it('lists the newest first, marks one read, then all read, and the count and the announcement follow', async () => {
    const me = await signInAs('USER')
    await notify(me.user.id, [{ title: 'Ladders' }, { title: 'Fire safety' }, { title: 'First aid' }])
    const other = await ctx().createUser()
    await notify(other.user.id, [{ title: 'Not mine' }])
    const { user } = renderApp('/user/my-dashboard')

    await user.click(await bell('Notifications, 3 unread'))
    const list = await dialog()
    const titles = within(list)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('link').textContent)
    expect(titles).toEqual(['First aid', 'Fire safety', 'Ladders'])
    expect(within(list).getAllByText('Unread')).toHaveLength(3)
    expect(within(list).getByText('About Fire safety')).toBeInTheDocument()
    expect(within(list).queryByText('Not mine')).not.toBeInTheDocument()

    await user.click(within(list).getByRole('button', { name: 'Mark read: Fire safety' }))
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument()
    expect(await screen.findByText('2 unread notifications')).toBeInTheDocument()
    expect(within(list).queryByRole('button', { name: 'Mark read: Fire safety' })).not.toBeInTheDocument()
    expect(within(list).getAllByText('Unread')).toHaveLength(2)
    expect(await unreadRows(me.user.id)).toBe(2)

    await user.click(within(list).getByRole('button', { name: 'Mark all read' }))
    expect(await bell('Notifications')).toBeInTheDocument()
    expect(await screen.findByText('No unread notifications')).toBeInTheDocument()
    expect(within(list).queryAllByText('Unread')).toHaveLength(0)
    expect(within(list).getByRole('button', { name: 'Mark all read' })).toBeDisabled()
    expect(await unreadRows(me.user.id)).toBe(0)
    expect(await unreadRows(other.user.id)).toBe(1)
  })

  it('following a notification marks it read, closes the list and opens its page', async () => {
    const me = await signInAs('USER')
    const pkg = await insertTree(ctx().deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'Fire safety' })
    await ctx().deps.db.insert(userPackages).values({ userId: me.user.id, packageId: pkg.packageId })
    await notify(me.user.id, [{ title: "'Fire safety package' is due on 3 Dec 2026", link: `/topics/${pkg.packageId}` }])
    const { user, pathname } = renderApp('/user/my-dashboard')

    await user.click(await bell('Notifications, 1 unread'))
    const link = within(await dialog()).getByRole('link', { name: "'Fire safety package' is due on 3 Dec 2026" })
    expect(link).toHaveAttribute('href', `/topics/${pkg.packageId}`)
    await user.click(link)
    await waitFor(() => expect(pathname()).toBe(`/topics/${pkg.packageId}`))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument())
    expect(await bell('Notifications')).toBeInTheDocument()
    expect(await unreadRows(me.user.id)).toBe(0)
  })

  it('works from the keyboard: opens with Enter, focus goes into the list, Escape closes it and returns focus', async () => {
    const me = await signInAs('USER')
    await notify(me.user.id, [{ title: 'Ladders' }])
    const { user } = renderApp('/user/my-dashboard')
    const button = await bell('Notifications, 1 unread')
    button.focus()
    await user.keyboard('{Enter}')
    const list = await dialog()
    expect(button).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(list).toContainElement(document.activeElement as HTMLElement))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument())
    await waitFor(() => expect(button).toHaveFocus())
  })

  it("says 'No notifications yet.' when there are none, with nothing to mark", async () => {
    await signInAs('USER')
    const { user } = renderApp('/user/my-dashboard')
    await user.click(await bell())
    const list = await dialog()
    expect(within(list).getByText('No notifications yet.')).toBeInTheDocument()
    expect(within(list).getByRole('button', { name: 'Mark all read' })).toBeDisabled()
    // The bell closes it again.
    await user.click(await bell('Notifications'))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument())
  })

  it('a list that fails to load says so and reads it again on Retry', async () => {
    const me = await signInAs('USER')
    await notify(me.user.id, [{ title: 'Ladders' }])
    let fail = true
    mswServer.use(
      http.get('*/api/notifications', () =>
        fail ? HttpResponse.json({ success: false, status: 500, timestamp: '' }, { status: 500 }) : undefined,
      ),
    )
    const { user } = renderApp('/user/my-dashboard')
    await user.click(await bell())
    const list = await dialog()
    expect(await within(list).findByText('Failed to load notifications')).toBeInTheDocument()
    fail = false
    await user.click(within(list).getByRole('button', { name: 'Retry' }))
    expect(await within(list).findByRole('link', { name: 'Ladders' })).toBeInTheDocument()
  })

  it('marking read that fails says so and leaves the count as it was', async () => {
    const me = await signInAs('USER')
    await notify(me.user.id, [{ title: 'Ladders' }, { title: 'Fire safety' }])
    const failure = () => HttpResponse.json({ success: false, status: 500, timestamp: '' }, { status: 500 })
    mswServer.use(http.post('*/api/notifications/:id/read', failure), http.post('*/api/notifications/read-all', failure))
    const { user } = renderApp('/user/my-dashboard')
    await user.click(await bell('Notifications, 2 unread'))
    const list = await dialog()
    await user.click(within(list).getByRole('button', { name: 'Mark read: Ladders' }))
    expect(await findToast('Failed to mark the notification as read')).toBeInTheDocument()
    await user.click(within(list).getByRole('button', { name: 'Mark all read' }))
    expect(await findToast('Failed to mark notifications as read')).toBeInTheDocument()
    expect(await bell('Notifications, 2 unread')).toBeInTheDocument()
    expect(await unreadRows(me.user.id)).toBe(2)
  })
})
