import { screen, within } from '@testing-library/react'
import { expectSignedOut, renderApp, signInAs, testContext } from '../support/render.tsx'
import { watchHandOver } from '../support/hand-over.ts'

type App = ReturnType<typeof renderApp>

/** Signs in on the landing screen's form, and checks the 2-second hand-over leaves `/` for `to` (tests/support/hand-over.ts). */
async function signIn({ user, pathname }: App, email: string, password: string, to: string) {
  const form = await screen.findByRole('form', { name: 'Sign in' })
  await user.type(within(form).getByLabelText(/Email/), email)
  await user.type(within(form).getByLabelText(/Password/), password)
  const handOver = watchHandOver()
  await user.click(within(form).getByRole('button', { name: 'Sign In' }))
  await handOver.expectHandOver(pathname, to)
}

describe('a deep link opened signed out', () => {
  it('comes back to the page asked for, with its search, once signed in', async () => {
    const { user: learner, password } = await testContext().createUser({ name: 'Lena Learner' })
    const app = renderApp('/user/packages?q=Fire')
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(app.pathname()).toBe('/')
    expect(app.router.state.location.search).toEqual({ redirect: '/user/packages?q=Fire' })

    await signIn(app, learner.email, password, '/user/packages')
    expect(await screen.findByRole('heading', { name: 'My Learning Packages' })).toBeInTheDocument()
    expect(app.pathname()).toBe('/user/packages')
    expect(app.router.state.location.search).toMatchObject({ q: 'Fire' })
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('Fire')
  })

  it('comes back after a session that expired on that page', async () => {
    const { password, user: learner } = await signInAs('USER', { name: 'Lena Learner' })
    const ctx = testContext()
    ctx.now = new Date(ctx.now.getTime() + 13 * 60 * 60 * 1000) // past the 12 h default JWT_TTL
    const app = renderApp('/user/settings')
    expect(await screen.findByText('Your session has expired. Sign in again.')).toBeInTheDocument()
    expect(app.router.state.location.search).toEqual({ redirect: '/user/settings' })

    ctx.now = new Date()
    await signIn(app, learner.email, password, '/user/settings')
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
    expect(app.pathname()).toBe('/user/settings')
  })

  it('sends a visitor already signed in straight to the page asked for', async () => {
    await signInAs('USER')
    const app = renderApp('/?redirect=%2Fuser%2Fsettings')
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
    expect(app.pathname()).toBe('/user/settings')
  })
})

describe('a redirect that leads off the app', () => {
  const HOSTILE = [
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/%0a/evil.example',
    ' /user/settings',
    'user/settings',
    '/',
  ]

  it.each(HOSTILE)('drops %j from the sign-in screen', async (value) => {
    const app = renderApp(`/?redirect=${encodeURIComponent(value)}`)
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeInTheDocument()
    expect(app.router.state.location.search).toEqual({})
  })

  it('signs in to the role home instead', async () => {
    const { user: learner, password } = await testContext().createUser({ name: 'Lena Learner' })
    const app = renderApp(`/?redirect=${encodeURIComponent('//evil.example/phish')}`)
    await signIn(app, learner.email, password, '/user/my-dashboard')
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(app.pathname()).toBe('/user/my-dashboard')
  })

  it('is not offered for a signed-out visit to the landing screen itself', async () => {
    const app = renderApp('/')
    await expectSignedOut(app.pathname)
    expect(app.router.state.location.search).toEqual({})
  })
})
