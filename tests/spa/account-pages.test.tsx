import { screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { FORGOT_ANSWER, RESEND_ANSWER } from '../../contract/users.ts'
import { users } from '../../server/db/schema.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, renderRoot, signInAs, testContext } from '../support/render.tsx'
import { fillIn } from '../support/fill.ts'

/** The signed-out account pages: resend verification, verify e-mail, forgot and reset password, and the landing links to them. */

const ctx = () => testContext()

async function register(email: string, password = 'secret-pass') {
  const res = await ctx().request('POST', '/api/oauth2/registerUser', { body: { name: 'Nina New', email, password } })
  expect(res.status).toBe(201)
}

/** The token of the newest mail to `to` that links to `path`. */
function mailedToken(to: string, path: '/verify-email' | '/reset-password') {
  const mail = [...ctx().outbox].reverse().find((m) => m.to === to && m.text.includes(`${path}?token=`))
  expect(mail, `a ${path} mail to ${to}`).toBeDefined()
  const url = new URL(/(\S+\?token=\S+)/.exec(mail!.text)![1]!)
  expect(url.pathname).toBe(path)
  return url.searchParams.get('token')!
}

const isVerified = async (email: string) => (await ctx().deps.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerified

/** Counts the calls that reach the app for one path. */
function countCalls(path: string) {
  const seen = { count: 0 }
  mswServer.use(
    http.all(`*/api${path}`, ({ request }) => {
      seen.count++
      return ctx().app.fetch(request)
    }),
  )
  return seen
}

describe('/user/resend-verification', () => {
  it('works signed out: e-mail required, Resend Email, the returned text shown, and a new mail sent', async () => {
    await register('nina@example.com')
    ctx().outbox.length = 0
    const { user, pathname } = renderApp('/user/resend-verification')
    // The first screen of the file loads its code-split route cold: give it room on a busy machine.
    expect(await screen.findByRole('heading', { name: 'Resend Verification Email' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/resend-verification')
    // No shell: this page is outside the signed-in layout.
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()

    const email = screen.getByLabelText(/^Email/)
    expect(email).toBeRequired()
    expect(email).toHaveAttribute('type', 'email')
    expect(email).toHaveFocus()
    await fillIn(user, email, 'nina@example.com')
    await user.click(screen.getByRole('button', { name: 'Resend Email' }))

    expect(await screen.findByText(RESEND_ANSWER)).toBeInTheDocument()
    expect(ctx().outbox.map((m) => m.to)).toEqual(['nina@example.com'])
    expect(mailedToken('nina@example.com', '/verify-email')).toMatch(/^[\w-]{40,}$/)
  })

  it('answers the same text for an address without an account, and sends nothing', async () => {
    const { user } = renderApp('/user/resend-verification')
    await fillIn(user, await screen.findByLabelText(/^Email/), 'nobody@example.com')
    await user.keyboard('{Enter}')
    expect(await screen.findByText(RESEND_ANSWER)).toBeInTheDocument()
    expect(ctx().outbox).toHaveLength(0)
  })

  it('an empty e-mail is refused on the field without a call', async () => {
    const calls = countCalls('/user/resend-verification')
    const { user } = renderApp('/user/resend-verification')
    await user.click(await screen.findByRole('button', { name: 'Resend Email' }))
    expect(await screen.findByText('Email is required')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true')
    expect(calls.count).toBe(0)
  })

  it("shows 'Failed to resend verification email' when the call fails", async () => {
    mswServer.use(http.post('*/api/user/resend-verification', () => HttpResponse.text('', { status: 500 })))
    const { user } = renderApp('/user/resend-verification')
    await fillIn(user, await screen.findByLabelText(/^Email/), 'nina@example.com')
    await user.click(screen.getByRole('button', { name: 'Resend Email' }))
    const messages = await screen.findAllByText('Failed to resend verification email')
    expect(messages.length).toBeGreaterThanOrEqual(1)
    expect(screen.queryByText(RESEND_ANSWER)).not.toBeInTheDocument()
  })

  it('shows the server message when too many mails were asked for', async () => {
    const { user } = renderApp('/user/resend-verification')
    const email = await screen.findByLabelText(/^Email/)
    await fillIn(user, email, 'nina@example.com')
    for (let i = 0; i < 5; i++) {
      await user.click(screen.getByRole('button', { name: 'Resend Email' }))
      await waitFor(() => expect(screen.getByRole('button', { name: 'Resend Email' })).toBeEnabled())
    }
    await user.click(screen.getByRole('button', { name: 'Resend Email' }))
    expect(await screen.findByText(/Too many verification e-mails/)).toBeInTheDocument()
    expect(screen.getByText('Failed to resend verification email')).toBeInTheDocument()
  })

  it('takes the e-mail from ?email=, and a signed-in user sees it too (no shell)', async () => {
    await signInAs('USER')
    renderApp('/user/resend-verification?email=nina%40example.com')
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('nina@example.com')
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })
})

describe('/verify-email', () => {
  it('verifies with the mailed link once; a second visit shows the error and a link to Resend Verification', async () => {
    await register('nina@example.com')
    const token = mailedToken('nina@example.com', '/verify-email')
    const calls = countCalls('/user/verify')
    const first = renderApp(`/verify-email?token=${encodeURIComponent(token)}`)
    expect(await screen.findByText('Email verified successfully!')).toBeInTheDocument()
    expect(await isVerified('nina@example.com')).toBe(true)
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/')
    expect(calls.count).toBe(1)
    first.unmount()

    const { user, pathname } = renderApp(`/verify-email?token=${encodeURIComponent(token)}`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('This verification link is invalid, already used or expired.')
    const resend = screen.getByRole('link', { name: 'Resend Verification' })
    expect(resend).toHaveAttribute('href', '/user/resend-verification')
    await user.click(resend)
    expect(await screen.findByRole('heading', { name: 'Resend Verification Email' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/resend-verification')
  })

  it('an expired link (24 h) is refused', async () => {
    await register('nina@example.com')
    const token = mailedToken('nina@example.com', '/verify-email')
    ctx().now = new Date(ctx().now.getTime() + 25 * 3_600_000)
    renderApp(`/verify-email?token=${encodeURIComponent(token)}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired/)
    expect(await isVerified('nina@example.com')).toBe(false)
  })

  it('without a token it says the link is incomplete and makes no call', async () => {
    const calls = countCalls('/user/verify')
    renderApp('/verify-email')
    expect(await screen.findByRole('alert')).toHaveTextContent('This verification link is incomplete.')
    expect(screen.getByRole('link', { name: 'Resend Verification' })).toBeInTheDocument()
    expect(calls.count).toBe(0)
  })
})

describe('forgot and reset password', () => {
  it("from the landing screen's 'Forgot your password?' to a new password, then signing in with it", async () => {
    const { user: account } = await ctx().createUser({ email: 'ann@example.com', password: 'old-password' })
    const view = renderRoot('/')
    const form = await screen.findByRole('form', { name: 'Sign in' })
    await view.user.click(within(form).getByRole('link', { name: 'Forgot your password?' }))
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument()
    expect(view.pathname()).toBe('/forgot-password')
    await fillIn(view.user, screen.getByLabelText(/^Email/), account.email)
    await view.user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText(FORGOT_ANSWER)).toBeInTheDocument()
    view.unmount()

    const token = mailedToken('ann@example.com', '/reset-password')
    const { user } = renderApp(`/reset-password?token=${encodeURIComponent(token)}`)
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument()
    await fillIn(user, screen.getByLabelText(/^New password/), 'brand-new-pass')
    await fillIn(user, screen.getByLabelText(/^Confirm new password/), 'brand-new-pass')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText('Your password has been changed. You can sign in now.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/')

    const login = (password: string) => ctx().request('POST', '/api/oauth2/loginUser', { body: { email: 'ann@example.com', password } })
    expect((await login('brand-new-pass')).status).toBe(200)
    expect((await login('old-password')).status).toBe(401)
  })

  it('forgot-password answers the same text for an unknown address and sends nothing', async () => {
    const { user } = renderApp('/forgot-password')
    await fillIn(user, await screen.findByLabelText(/^Email/), 'nobody@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText(FORGOT_ANSWER)).toBeInTheDocument()
    expect(ctx().outbox).toHaveLength(0)
  })

  it('a used (or unknown) reset token shows the error and a link to ask for a new one', async () => {
    await ctx().createUser({ email: 'ann@example.com', password: 'old-password' })
    await ctx().request('POST', '/api/user/forgot-password', { body: { email: 'ann@example.com' } })
    const token = mailedToken('ann@example.com', '/reset-password')
    expect((await ctx().request('POST', '/api/user/reset-password', { body: { token, password: 'first-new-pass' } })).status).toBe(200)

    const { user, pathname } = renderApp(`/reset-password?token=${encodeURIComponent(token)}`)
    await fillIn(user, await screen.findByLabelText(/^New password/), 'second-new-pass')
    await fillIn(user, screen.getByLabelText(/^Confirm new password/), 'second-new-pass')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid, already used or expired.')
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }))
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument()
    expect(pathname()).toBe('/forgot-password')
  })

  it('checks the new password before sending: too short, and a confirmation that differs', async () => {
    const calls = countCalls('/user/reset-password')
    const { user } = renderApp('/reset-password?token=some-token')
    const password = await screen.findByLabelText(/^New password/)
    await fillIn(user, password, 'short')
    await fillIn(user, screen.getByLabelText(/^Confirm new password/), 'short')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument()

    await user.clear(password)
    await fillIn(user, password, 'long-enough-1')
    await user.click(screen.getByRole('button', { name: 'Set new password' }))
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
    expect(calls.count).toBe(0)
  })

  it('without a token the reset page says the link is incomplete', async () => {
    renderApp('/reset-password')
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is incomplete.')
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password')
  })
})

describe('landing: unverified sign-in', () => {
  it('a 403 for an unverified e-mail shows the message and a Resend Verification link that carries the e-mail', async () => {
    await register('nina@example.com')
    ctx().config.requireVerifiedEmail = true
    try {
      const { user, pathname } = renderRoot('/')
      const form = await screen.findByRole('form', { name: 'Sign in' })
      await fillIn(user, within(form).getByLabelText(/^Email/), 'nina@example.com')
      await fillIn(user, within(form).getByLabelText(/Password/), 'secret-pass')
      await user.click(within(form).getByRole('button', { name: 'Sign In' }))
      const alert = await within(form).findByRole('alert')
      expect(alert).toHaveTextContent('Please verify your e-mail address before signing in.')
      expect(screen.getByText('Login Failed')).toBeInTheDocument()
      const link = within(alert).getByRole('link', { name: 'Resend Verification' })
      expect(link.getAttribute('href')).toMatch(/^\/user\/resend-verification\?email=nina(%40|@)example\.com$/)
      await user.click(link)
      expect(await screen.findByRole('heading', { name: 'Resend Verification Email' })).toBeInTheDocument()
      expect(pathname()).toBe('/user/resend-verification')
      expect(screen.getByLabelText(/^Email/)).toHaveValue('nina@example.com')
    } finally {
      ctx().config.requireVerifiedEmail = false
    }
  })

  it('a wrong password shows no Resend Verification link', async () => {
    const { user: account } = await ctx().createUser()
    const { user } = renderRoot('/')
    const form = await screen.findByRole('form', { name: 'Sign in' })
    await fillIn(user, within(form).getByLabelText(/^Email/), account.email)
    await fillIn(user, within(form).getByLabelText(/Password/), 'wrong-password')
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    const alert = await within(form).findByRole('alert')
    expect(alert).toHaveTextContent('Invalid email or password.')
    expect(within(alert).queryByRole('link')).not.toBeInTheDocument()
  })
})
