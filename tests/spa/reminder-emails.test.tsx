import { screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { users } from '../../server/db/schema.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { findToast } from '../support/toasts.ts'

/** Settings: the reminder e-mail switch (the in-app notifications come either way). */

const SWITCH = /^E-mail me reminders about due packages/
const stored = async (id: number) => (await testContext().deps.db.select().from(users).where(eq(users.id, id)))[0]!.reminderEmails

async function openSettings() {
  const account = await signInAs('USER', { name: 'Lena Learner' })
  const view = renderApp('/user/settings')
  const section = await screen.findByRole('region', { name: 'Reminders' })
  return { ...view, account, section }
}

describe('settings: reminder e-mails', () => {
  it('is on by default; turning it off and on again is saved and said', async () => {
    const { user, account, section } = await openSettings()
    const toggle = within(section).getByRole('switch', { name: SWITCH })
    expect(toggle).toBeChecked()
    expect(within(section).getByText('Reminders also appear under the bell in the top bar, whatever you choose here.')).toBeInTheDocument()

    await user.click(toggle)
    expect(await findToast('Reminder e-mails turned off')).toBeInTheDocument()
    await waitFor(() => expect(toggle).not.toBeChecked())
    expect(await stored(account.user.id)).toBe(false)
    // The name is left as it was.
    expect((await testContext().deps.db.select().from(users).where(eq(users.id, account.user.id)))[0]!.name).toBe('Lena Learner')

    await waitFor(() => expect(toggle).toBeEnabled())
    await user.click(toggle)
    expect(await findToast('Reminder e-mails turned on')).toBeInTheDocument()
    await waitFor(() => expect(toggle).toBeChecked())
    expect(await stored(account.user.id)).toBe(true)
  })

  it('shows the stored choice when it was turned off before', async () => {
    const account = await signInAs('USER')
    await testContext().deps.db.update(users).set({ reminderEmails: false }).where(eq(users.id, account.user.id))
    renderApp('/user/settings')
    const section = await screen.findByRole('region', { name: 'Reminders' })
    expect(within(section).getByRole('switch', { name: SWITCH })).not.toBeChecked()
  })

  it('a failed save says so and the switch goes back', async () => {
    const { user, account, section } = await openSettings()
    mswServer.use(http.put('*/api/user/profile', () => HttpResponse.json({ success: false, status: 500, timestamp: '' }, { status: 500 })))
    const toggle = within(section).getByRole('switch', { name: SWITCH })
    await user.click(toggle)
    expect(await findToast('Failed to save the reminder e-mail setting')).toBeInTheDocument()
    await waitFor(() => expect(toggle).toBeChecked())
    expect(await stored(account.user.id)).toBe(true)
  })
})
