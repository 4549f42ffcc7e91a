import { act, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { mswServer } from '../support/server.ts'
import { expectSignedOut, renderApp, renderRoot, signInAs, testContext } from '../support/render.tsx'

/** Renders `url` and expects the app to end on the sign-in screen at `/` with no session left. */
async function expectSignedOutAtRoot(url: string) {
  const { pathname } = renderApp(url)
  await expectSignedOut(pathname)
}

describe('session ends on a 401', () => {
  it('logs out when the stored token belongs to a user who no longer exists', async () => {
    await signInAs('USER')
    await testContext().reset() // the user is gone; the token still looks fine to the browser
    await expectSignedOutAtRoot('/user/my-dashboard')
  })

  it('logs out when the stored token is garbage', async () => {
    const { user } = await testContext().createUser({ role: 'admin' })
    localStorage.setItem('token', 'not.a.jwt')
    localStorage.setItem('role', 'admin')
    localStorage.setItem('user', JSON.stringify(user))
    await expectSignedOutAtRoot('/dashboard')
  })

  it('logs out when the token has expired', async () => {
    await signInAs('USER')
    const ctx = testContext()
    ctx.now = new Date(ctx.now.getTime() + 13 * 60 * 60 * 1000) // past the 12 h default JWT_TTL
    await expectSignedOutAtRoot('/user/my-dashboard')
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired. Sign in again.')
  })

  it('says nothing of a session on a first visit, nor after signing out', async () => {
    const firstVisit = renderRoot('/')
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByText('Your session has expired. Sign in again.')).not.toBeInTheDocument()
    firstVisit.unmount()

    await signInAs('USER')
    const { user } = renderApp('/user/my-dashboard')
    await user.click(await screen.findByRole('button', { name: 'Logout' }))
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByText('Your session has expired. Sign in again.')).not.toBeInTheDocument()
  })

  it('logs out on a 401 answered later, while the user is already in the shell', async () => {
    await signInAs('USER', { name: 'Lena Learner' })
    const { pathname, queryClient } = renderApp('/user/my-dashboard')
    const card = await screen.findByRole('region', { name: 'Your profile' })
    expect(await within(card).findByText('Lena Learner')).toBeInTheDocument()
    mswServer.use(
      http.get('*/api/user/getUserByEmail', () =>
        HttpResponse.json({ success: false, status: 401, message: 'Your session has expired. Please sign in again.' }, { status: 401 }),
      ),
    )
    // The next time the page refreshes its data, the server says the session is over.
    await act(() => queryClient.invalidateQueries())
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(pathname()).toBe('/')
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('role')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })
})

describe('route guards', () => {
  it('sends a signed-out visitor from shell routes to /', async () => {
    const learnerHome = renderApp('/user/my-dashboard')
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(learnerHome.pathname()).toBe('/')
    learnerHome.unmount()

    const adminHome = renderApp('/dashboard')
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(adminHome.pathname()).toBe('/')
  })

  it('sends a learner from an admin route to their dashboard', async () => {
    await signInAs('USER')
    const { pathname } = renderApp('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/my-dashboard')
    expect(screen.queryByRole('heading', { name: 'Admin dashboard' })).not.toBeInTheDocument()
  })
})

describe('profile card and error pages', () => {
  it('shows the current user: name and e-mail', async () => {
    await signInAs('USER', { name: 'Lena Learner', email: 'lena@example.com' })
    renderApp('/user/my-dashboard')
    const card = await screen.findByRole('region', { name: 'Your profile' })
    expect(await within(card).findByText('Lena Learner')).toBeInTheDocument()
    expect(within(card).getByText('lena@example.com')).toBeInTheDocument()
    expect(within(card).getByText('LL')).toBeInTheDocument()
    expect(within(card).queryByText('Failed to load user information.')).not.toBeInTheDocument()
  })

  it("shows 'Failed to load user information.' when the user cannot be loaded", async () => {
    await signInAs('USER', { name: 'Lena Learner' })
    let calls = 0
    mswServer.use(
      http.get('*/api/user/getUserByEmail', () => {
        calls++
        return HttpResponse.json({ success: false, status: 500, message: 'Something went wrong on our side.' }, { status: 500 })
      }),
    )
    const { pathname } = renderApp('/user/my-dashboard')
    const card = await screen.findByRole('region', { name: 'Your profile' })
    expect(await within(card).findByRole('alert')).toHaveTextContent('Failed to load user information.')
    expect(within(card).queryByText('Lena Learner')).not.toBeInTheDocument()
    expect(calls).toBeGreaterThan(0)
    // A 500 is not a 401: the session stays.
    expect(pathname()).toBe('/user/my-dashboard')
    expect(localStorage.getItem('token')).not.toBeNull()
  })

  it("shows 'Page not found' for an unknown address", async () => {
    const { user, pathname } = renderApp('/no/such/page')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Go to the start page' }))
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(pathname()).toBe('/')
  })

  it("shows 'Page not found' inside the app for a signed-in user too", async () => {
    await signInAs('USER')
    renderApp('/user/nothing-here')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it("shows 'Unexpected Application Error' when a page fails while rendering", async () => {
    await signInAs('USER')
    // A malformed answer (a name that is not text) makes the profile card throw while rendering.
    mswServer.use(
      http.get('*/api/user/getUserByEmail', () =>
        HttpResponse.json({
          success: true,
          status: 200,
          data: { id: 1, email: 'x@example.com', name: 42, role: 'USER', pictureUrl: null, packages: [] },
        }),
      ),
    )
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    renderApp('/user/my-dashboard')
    expect(await screen.findByRole('heading', { name: 'Unexpected Application Error' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Your profile' })).not.toBeInTheDocument()
    logged.mockRestore()
    warned.mockRestore()
  })
})
