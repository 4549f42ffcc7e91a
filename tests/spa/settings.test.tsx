import { screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { users } from '../../server/db/schema.ts'
import { mswServer, recordBodies } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { getToken } from '../../src/api/session.ts'
import { fillIn } from '../support/fill.ts'

/** /user/settings: profile, password and theme of the signed-in user. */

const ctx = () => testContext()
const html = document.documentElement

async function openSettings(role: 'USER' | 'admin' = 'USER', options: { name?: string; email?: string } = {}) {
  const account = await signInAs(role, options)
  const view = renderApp('/user/settings')
  expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
  return { ...view, account }
}

const profileForm = () => screen.getByRole('form', { name: 'Edit profile' })
const passwordForm = () => screen.getByRole('form', { name: 'Change password' })
const topBar = () => screen.getByRole('banner')
const login = (email: string, password: string) => ctx().request('POST', '/api/oauth2/loginUser', { body: { email, password } })

describe('settings: profile', () => {
  it('is reached from the sidebar and shows the current values', async () => {
    const account = await signInAs('USER', { name: 'Lena Learner', email: 'lena@example.com' })
    await ctx().deps.db.update(users).set({ givenName: 'Lena', familyName: 'Learner' }).where(eq(users.id, account.user.id))
    const { user, pathname } = renderApp('/user/my-dashboard')
    // The first screen of the file loads its code-split routes cold: give it room on a busy machine.
    await user.click(await screen.findByRole('link', { name: 'Settings' }))
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/settings')
    const form = profileForm()
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Lena Learner')
    expect(within(form).getByLabelText(/^Name/)).toBeRequired()
    expect(within(form).getByLabelText(/^Given name/)).toHaveValue('Lena')
    expect(within(form).getByLabelText(/^Family name/)).toHaveValue('Learner')
    expect(within(form).getByLabelText(/^Picture URL/)).toHaveValue('')
    expect(within(form).getByText('lena@example.com')).toBeInTheDocument()
    expect(within(form).getByText('E-mail verified')).toBeInTheDocument()
    // Nothing changed yet: nothing to save.
    expect(within(form).getByRole('button', { name: 'Save profile' })).toBeDisabled()
  })

  it("saves: 'Profile updated', the server has it, and the top-bar avatar and stored user follow", async () => {
    const { user, account } = await openSettings('USER', { name: 'Lena Learner' })
    expect(within(topBar()).getByText('LL')).toBeInTheDocument()
    const form = profileForm()
    const name = within(form).getByLabelText(/^Name/)
    await user.clear(name)
    await fillIn(user, name, 'Grace Hopper')
    await fillIn(user, within(form).getByLabelText(/^Given name/), 'Grace')
    await fillIn(user, within(form).getByLabelText(/^Family name/), 'Hopper')
    await fillIn(user, within(form).getByLabelText(/^Picture URL/), 'https://img.example.com/grace.png')
    await user.click(within(form).getByRole('button', { name: 'Save profile' }))

    expect(await screen.findByText('Profile updated')).toBeInTheDocument()
    const [row] = await ctx().deps.db.select().from(users).where(eq(users.id, account.user.id))
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      givenName: 'Grace',
      familyName: 'Hopper',
      pictureUrl: 'https://img.example.com/grace.png',
    })
    await waitFor(() => expect(within(topBar()).getByTitle('Grace Hopper')).toBeInTheDocument())
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({
      name: 'Grace Hopper',
      pictureUrl: 'https://img.example.com/grace.png',
    })
    expect(within(form).getByRole('button', { name: 'Save profile' })).toBeDisabled()
  })

  it('clears given name, family name and picture', async () => {
    const account = await signInAs('USER', { name: 'Lena' })
    await ctx()
      .deps.db.update(users)
      .set({ givenName: 'L', familyName: 'F', pictureUrl: 'https://img.example.com/l.png' })
      .where(eq(users.id, account.user.id))
    const { user } = renderApp('/user/settings')
    await screen.findByRole('heading', { name: 'Settings' })
    const form = profileForm()
    await user.clear(within(form).getByLabelText(/^Given name/))
    await user.clear(within(form).getByLabelText(/^Family name/))
    await user.clear(within(form).getByLabelText(/^Picture URL/))
    await user.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect(await screen.findByText('Profile updated')).toBeInTheDocument()
    const [row] = await ctx().deps.db.select().from(users).where(eq(users.id, account.user.id))
    expect(row).toMatchObject({ givenName: null, familyName: null, pictureUrl: null })
  })

  it('refuses an empty name and a picture that is not an http(s) URL, without a call', async () => {
    let calls = 0
    mswServer.use(
      http.put('*/api/user/profile', ({ request }) => {
        calls++
        return ctx().app.fetch(request)
      }),
    )
    const { user } = await openSettings('USER', { name: 'Lena' })
    const form = profileForm()
    await user.clear(within(form).getByLabelText(/^Name/))
    await fillIn(user, within(form).getByLabelText(/^Picture URL/), 'javascript:alert(1)')
    await user.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect(await within(form).findByText('Name is required')).toBeInTheDocument()
    expect(within(form).getByText('Picture URL must be an http(s) URL')).toBeInTheDocument()
    expect(within(form).getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true')
    expect(calls).toBe(0)
  })

  it('refuses a picture URL over 2,000 characters inline, without a call (the rules of the server)', async () => {
    const profileSaves = recordBodies('PUT', /\/api\/user\/profile$/)
    const { user } = await openSettings('USER', { name: 'Lena' })
    const form = profileForm()
    const url = `https://img.example.com/${'a'.repeat(2001 - 'https://img.example.com/'.length)}`
    expect(url).toHaveLength(2001)
    await user.click(within(form).getByLabelText(/^Picture URL/))
    await user.paste(url)
    await user.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect(await within(form).findByText('Picture URL is too long')).toBeInTheDocument()
    expect(within(form).getByLabelText(/^Picture URL/)).toHaveAttribute('aria-invalid', 'true')
    expect(profileSaves).toEqual([])
  })

  it("shows the server's field errors on the fields", async () => {
    mswServer.use(
      http.put('*/api/user/profile', () =>
        HttpResponse.json(
          { success: false, status: 400, message: 'Invalid input', errorDetails: { name: 'Name is taken by policy' } },
          { status: 400 },
        ),
      ),
    )
    const { user } = await openSettings('USER', { name: 'Lena' })
    const form = profileForm()
    await user.type(within(form).getByLabelText(/^Name/), ' X')
    await user.click(within(form).getByRole('button', { name: 'Save profile' }))
    expect(await within(form).findByText('Name is taken by policy')).toBeInTheDocument()
    expect(screen.getByText('Invalid input')).toBeInTheDocument()
  })

  it('an unverified account sees so, with a Resend Verification link carrying its e-mail', async () => {
    const account = await signInAs('USER', { email: 'nina@example.com' })
    await ctx().deps.db.update(users).set({ emailVerified: false }).where(eq(users.id, account.user.id))
    const { user, pathname } = renderApp('/user/settings')
    await screen.findByRole('heading', { name: 'Settings' })
    expect(within(profileForm()).getByText('E-mail not verified')).toBeInTheDocument()
    await user.click(within(profileForm()).getByRole('link', { name: 'Resend Verification' }))
    expect(await screen.findByRole('heading', { name: 'Resend Verification Email' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/resend-verification')
    expect(screen.getByLabelText(/^Email/)).toHaveValue('nina@example.com')
  })
})

describe('settings: password', () => {
  it("changes it with the right current password: 'Password changed', fields cleared, the new one signs in", async () => {
    const { user, account } = await openSettings()
    const form = passwordForm()
    await fillIn(user, within(form).getByLabelText(/^Current password/), account.password)
    await fillIn(user, within(form).getByLabelText(/^New password/), 'brand-new-pass')
    await fillIn(user, within(form).getByLabelText(/^Confirm new password/), 'brand-new-pass')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password changed')).toBeInTheDocument()
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('')
    expect(within(form).getByLabelText(/^New password/)).toHaveValue('')
    expect((await login(account.user.email, 'brand-new-pass')).status).toBe(200)
    expect((await login(account.user.email, account.password)).status).toBe(401)
    // This session goes on with the fresh token the change answered; the one signed in before has ended.
    expect(getToken()).not.toBe(account.token)
    expect((await ctx().request('GET', '/api/user/getUserByEmail', { token: getToken()! })).status).toBe(200)
    expect((await ctx().request('GET', '/api/user/getUserByEmail', { token: account.token })).status).toBe(401)
  })

  it('a wrong current password is shown on that field and nothing changes', async () => {
    const { user, account } = await openSettings()
    const form = passwordForm()
    await fillIn(user, within(form).getByLabelText(/^Current password/), 'not-my-password')
    await fillIn(user, within(form).getByLabelText(/^New password/), 'brand-new-pass')
    await fillIn(user, within(form).getByLabelText(/^Confirm new password/), 'brand-new-pass')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText('The current password is not correct')).toBeInTheDocument()
    expect(within(form).getByLabelText(/^Current password/)).toHaveAccessibleDescription(
      expect.stringContaining('The current password is not correct'),
    )
    expect(screen.queryByText('Password changed')).not.toBeInTheDocument()
    expect((await login(account.user.email, account.password)).status).toBe(200)
    // Typing again clears the field's error.
    await user.type(within(form).getByLabelText(/^Current password/), 'x')
    expect(within(form).queryByText('The current password is not correct')).not.toBeInTheDocument()
  })

  it('an empty current password on an account that has one is shown on that field', async () => {
    const { user } = await openSettings()
    const form = passwordForm()
    await fillIn(user, within(form).getByLabelText(/^New password/), 'brand-new-pass')
    await fillIn(user, within(form).getByLabelText(/^Confirm new password/), 'brand-new-pass')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText('Current password is required')).toBeInTheDocument()
  })

  it('checks the new password and its confirmation before sending', async () => {
    let calls = 0
    mswServer.use(
      http.put('*/api/user/password', ({ request }) => {
        calls++
        return ctx().app.fetch(request)
      }),
    )
    const { user, account } = await openSettings()
    const form = passwordForm()
    await fillIn(user, within(form).getByLabelText(/^Current password/), account.password)
    await fillIn(user, within(form).getByLabelText(/^New password/), 'short')
    await fillIn(user, within(form).getByLabelText(/^Confirm new password/), 'short')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText('Password must be at least 8 characters')).toBeInTheDocument()
    await user.clear(within(form).getByLabelText(/^New password/))
    await fillIn(user, within(form).getByLabelText(/^New password/), 'long-enough-1')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await within(form).findByText('Passwords do not match')).toBeInTheDocument()
    expect(calls).toBe(0)
  })

  it('explains leaving the current password empty when Google sign-in is configured', async () => {
    const hint = 'Leave empty if you have only signed in with Google so far.'
    await openSettings()
    expect(await within(passwordForm()).findByText(hint)).toBeInTheDocument()
  })

  it('says nothing about Google when Google sign-in is off', async () => {
    mswServer.use(http.get('*/api/config', () => HttpResponse.json({ success: true, status: 200, data: { googleClientId: null } })))
    let configAnswered = false
    const listener = ({ request }: { request: Request }) => {
      if (request.url.endsWith('/api/config')) configAnswered = true
    }
    mswServer.events.on('response:mocked', listener)
    try {
      await openSettings()
      // The settings page asks whether Google is configured, and says nothing of it once told it is not.
      await waitFor(() => expect(configAnswered).toBe(true))
      expect(within(passwordForm()).getByLabelText(/^Current password/)).toBeInTheDocument()
      expect(within(passwordForm()).queryByText(/Google/)).not.toBeInTheDocument()
    } finally {
      mswServer.events.removeListener('response:mocked', listener)
    }
  })

  it('a Google-only account sets a first password with the current one left empty, then signs in with it', async () => {
    const [row] = await ctx()
      .deps.db.insert(users)
      .values({ email: 'g@example.com', name: 'Gina Google', passwordHash: null, googleSubject: 'sub-g', emailVerified: true })
      .returning()
    const token = await ctx().deps.tokens.sign({ userId: row!.id, role: 'USER' })
    const { toUser } = await import('../../server/user/service.ts')
    const { saveSession } = await import('../../src/api/session.ts')
    saveSession(token, toUser(row!))
    const { user } = renderApp('/user/settings')
    await screen.findByRole('heading', { name: 'Settings' })
    const form = passwordForm()
    await fillIn(user, within(form).getByLabelText(/^New password/), 'first-password')
    await fillIn(user, within(form).getByLabelText(/^Confirm new password/), 'first-password')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Password changed')).toBeInTheDocument()
    expect((await login('g@example.com', 'first-password')).status).toBe(200)
  })

  it('a failure without field details is a toast', async () => {
    mswServer.use(http.put('*/api/user/password', () => HttpResponse.text('', { status: 500 })))
    const { user, account } = await openSettings()
    const form = passwordForm()
    await fillIn(user, within(form).getByLabelText(/^Current password/), account.password)
    await fillIn(user, within(form).getByLabelText(/^New password/), 'brand-new-pass')
    await fillIn(user, within(form).getByLabelText(/^Confirm new password/), 'brand-new-pass')
    await user.click(within(form).getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument()
  })
})

describe('settings: theme', () => {
  it('switches to dark and back, in step with the top-bar toggle, and the choice persists', async () => {
    const { user, unmount } = await openSettings()
    const light = screen.getByRole('radio', { name: 'Light' })
    const dark = screen.getByRole('radio', { name: 'Dark' })
    expect(light).toBeChecked()
    await user.click(dark)
    await waitFor(() => expect(html).toHaveClass('dark'))
    expect(localStorage.getItem('theme')).toBe('dark')
    expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
    expect(dark).toBeChecked()
    expect(screen.getByRole('button', { name: 'Toggle Theme' }).querySelector('[data-icon="sun"]')).not.toBeNull()
    unmount()

    // A fresh start reads the saved choice.
    const again = renderApp('/user/settings')
    await screen.findByRole('heading', { name: 'Settings' })
    expect(html).toHaveClass('dark')
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked()

    // The top-bar toggle moves the control too.
    await again.user.click(screen.getByRole('button', { name: 'Toggle Theme' }))
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Light' })).toBeChecked())
    expect(html).not.toHaveClass('dark')
    expect(localStorage.getItem('theme')).toBe('light')
  })

  it('is reachable by keyboard: arrow keys move the choice', async () => {
    const { user } = await openSettings()
    screen.getByRole('radio', { name: 'Light' }).focus()
    await user.keyboard('{ArrowRight}')
    await waitFor(() => expect(html).toHaveClass('dark'))
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked()
  })
})

describe('settings: signed out', () => {
  it('sends a visitor without a session to /', async () => {
    const { pathname } = renderApp('/user/settings')
    await screen.findByRole('form', { name: 'Sign in' })
    expect(pathname()).toBe('/')
  })
})

describe('settings: loading', () => {
  it("says 'Failed to load user information.' when the current user cannot be loaded, and retries", async () => {
    await signInAs('USER', { name: 'Lena' })
    let fail = true
    mswServer.use(
      http.get('*/api/user/getUserByEmail', ({ request }) => (fail ? HttpResponse.text('', { status: 500 }) : ctx().app.fetch(request))),
    )
    const { user } = renderApp('/user/settings')
    expect(await screen.findByText('Failed to load user information.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('form', { name: 'Edit profile' })).toBeInTheDocument()
    expect(within(profileForm()).getByLabelText(/^Name/)).toHaveValue('Lena')
  })
})

describe('settings: sessions', () => {
  it("'Sign out everywhere' asks first; Cancel keeps every session", async () => {
    const { user, pathname, account } = await openSettings()
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' })
    expect(dialog).toHaveTextContent('This signs you out in every browser and on every device, this one too.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(pathname()).toBe('/user/settings')
    expect(getToken()).toBe(account.token)
    expect((await ctx().request('GET', '/api/user/getUserByEmail', { token: account.token })).status).toBe(200)
  })

  it("'Sign out everywhere', once confirmed, ends every session, this one too, and goes to the sign-in page", async () => {
    const { user, pathname, account } = await openSettings()
    const other = await login(account.user.email, account.password)
    const otherToken = (other.body.data as { token: string }).token
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' })
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }))
    await waitFor(() => expect(pathname()).toBe('/'))
    expect(getToken()).toBeNull()
    expect(await screen.findByText('Signed out everywhere')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('You signed out on all devices. Sign in again.')
    for (const token of [account.token, otherToken]) {
      expect((await ctx().request('GET', '/api/user/getUserByEmail', { token })).status).toBe(401)
    }
  })

  it("another browser of the account says 'You signed out on all devices', not that the session expired", async () => {
    const { account, user, pathname } = await openSettings()
    const elsewhere = (await login(account.user.email, account.password)).body.data as { token: string }
    expect((await ctx().request('POST', '/api/user/sessions/revoke', { token: elsewhere.token })).status).toBe(200)
    // This browser's next call meets the ended session.
    await user.click(within(screen.getByRole('navigation', { name: 'Sidebar' })).getByRole('link', { name: 'Home' }))
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(pathname()).toBe('/')
    expect(getToken()).toBeNull()
    expect(screen.getByRole('status')).toHaveTextContent('You signed out on all devices. Sign in again.')
    expect(screen.queryByText(/Your session has expired/)).not.toBeInTheDocument()
  })
})
