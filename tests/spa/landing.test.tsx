import { act, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { renderHook } from '@testing-library/react'
import { ThemeProviders } from '../../src/ThemeProviders.tsx'
import { usePublicConfig } from '../../src/queries/public-config.ts'
import { LandingNavContext } from '../../src/components/landing/landing-nav.ts'
import { GOOGLE_BUTTON_HEIGHT, GoogleSignIn } from '../../src/components/landing/GoogleSignIn.tsx'
import { PASSWORD_MIN } from '../../contract/rules.ts'
import { BUSY_MESSAGE } from '../../server/auth/kdf-pool.ts'
import { retryWhileBusy } from '../../src/queries/busy-retry.ts'
import { gate, mswServer } from '../support/server.ts'
import { renderApp, renderRoot, signInAs, testContext } from '../support/render.tsx'
import { watchHandOver } from '../support/hand-over.ts'
import { type StoppableClock, stoppableClock } from '../support/clock.ts'
import { fillIn } from '../support/fill.ts'

/** Lets the named call through to the real server only once the gate opens. */
function holdPost(path: string) {
  const g = gate()
  mswServer.use(
    http.post(`*/api${path}`, async ({ request }) => {
      await g.opened
      return testContext().app.fetch(request)
    }),
  )
  return g
}

/**
 * The first `times` sign-ins answer what a server whose password hashing is full answers; later ones reach the server.
 * A busy answer stops `clock`, when given: the form's wait for Retry-After starts then.
 */
function answerBusy(times: number, retryAfter = '1', clock?: StoppableClock) {
  const calls = { count: 0 }
  mswServer.use(
    http.post('*/api/oauth2/loginUser', ({ request }) => {
      calls.count++
      if (calls.count > times) return testContext().app.fetch(request)
      clock?.stop()
      const body = {
        success: false,
        status: 503,
        message: BUSY_MESSAGE,
        path: '/api/oauth2/loginUser',
        timestamp: new Date().toISOString(),
      }
      return HttpResponse.json(body, { status: 503, headers: { 'Retry-After': retryAfter } })
    }),
  )
  return calls
}

/** The waits the sign-in form chose after busy answers, in order (src/queries/busy-retry.ts): recorded, not changed. */
function recordBusyWaits() {
  const retryDelay = vi.spyOn(retryWhileBusy, 'retryDelay')
  onTestFinished(() => retryDelay.mockRestore())
  return () => retryDelay.mock.results.map((result) => result.value as number)
}

/**
 * On `clock`, stopped at a busy answer with Retry-After: 1: once the form has chosen its `wait` (what Retry-After names,
 * up to half as long again), it is still waiting 1 ms before the wait is up, showing nothing new, and asks again when
 * it is up.
 */
async function expectAskedAgainAfter(clock: StoppableClock, wait: number, calls: { count: number }, form: HTMLElement) {
  expect(wait).toBeGreaterThanOrEqual(1000)
  expect(wait).toBeLessThanOrEqual(1500)
  const asked = calls.count
  // A timer counts whole milliseconds, in a browser as on the fake clock.
  await clock.advance(Math.trunc(wait) - 1)
  expect(calls.count).toBe(asked)
  expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
  expect(screen.queryByText('Login Failed')).not.toBeInTheDocument()
  expect(within(form).getByRole('button', { name: 'Sign In' })).toBeDisabled()
  await clock.advance(1)
  await clock.until(() => expect(calls.count).toBe(asked + 1))
}

const signInForm = () => screen.findByRole('form', { name: 'Sign in' })
const signUpForm = () => screen.findByRole('form', { name: 'Create Account' })
/** The overlay's switch button with this text (the forms' own submit buttons share the texts), if reachable. */
const overlayButton = (name: string) => screen.queryAllByRole('button', { name }).find((b) => !b.closest('form'))
/** The <section> face that holds a form (the element carrying inert/aria-hidden). */
const faceOf = (heading: string) => screen.getByRole('heading', { name: heading, hidden: true }).closest('section')!

async function openSignUp(user: ReturnType<typeof renderRoot>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Sign Up' }))
  return signUpForm()
}

describe('landing screen: layout', () => {
  it('shows the Sign in face with its fields and the Create Account face behind it', async () => {
    renderRoot('/')
    const form = await signInForm()
    expect(within(form).getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(within(form).getByLabelText(/Email/)).toHaveAttribute('type', 'email')
    expect(within(form).getByLabelText(/Email/)).toBeRequired()
    expect(within(form).getByLabelText(/Password/)).toHaveAttribute('type', 'password')
    expect(within(form).getByLabelText(/Password/)).toBeRequired()
    const forgot = within(form).getByRole('link', { name: 'Forgot your password?' })
    expect(forgot).toHaveAttribute('href', '/forgot-password')
    expect(within(form).getByRole('button', { name: 'Sign In' })).toBeEnabled()

    // The Create Account face is rendered but hidden from assistive technology until switched to.
    expect(screen.queryByRole('form', { name: 'Create Account' })).not.toBeInTheDocument()
    const signUp = screen.getByRole('form', { name: 'Create Account', hidden: true })
    expect(within(signUp).getByLabelText(/Name/)).toBeRequired()
    expect(within(signUp).getByLabelText(/Email/)).toHaveAttribute('type', 'email')
    expect(within(signUp).getByLabelText(/Password/)).toHaveAttribute('type', 'password')
    expect(within(signUp).getByRole('button', { name: 'Sign Up', hidden: true })).toBeInTheDocument()

    expect(screen.getByText('Welcome Back!')).toBeInTheDocument()
    expect(screen.getByText('Hello, Learner')).toBeInTheDocument()
  })

  it('switches faces with the overlay buttons; the inactive face is inert and aria-hidden', async () => {
    const { user } = renderRoot('/')
    await signInForm()
    const signInFace = faceOf('Sign in')
    const signUpFace = faceOf('Create Account')
    expect(signInFace).not.toHaveAttribute('inert')
    expect(signInFace).toHaveAttribute('aria-hidden', 'false')
    expect(signUpFace).toHaveAttribute('inert')
    expect(signUpFace).toHaveAttribute('aria-hidden', 'true')
    // Only the overlay button leading to the other face is reachable.
    expect(overlayButton('Sign In')).toBeUndefined()
    expect(screen.getByText('Hello, Learner').closest('[aria-hidden]')).toHaveAttribute('aria-hidden', 'false')
    expect(screen.getByText('Welcome Back!').closest('[aria-hidden]')).toHaveAttribute('aria-hidden', 'true')

    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await signUpForm()).toBeInTheDocument()
    // The pressed button is now inert: focus goes to the new face's heading.
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toHaveFocus()
    expect(signUpFace).not.toHaveAttribute('inert')
    expect(signUpFace).toHaveAttribute('aria-hidden', 'false')
    expect(signInFace).toHaveAttribute('inert')
    expect(signInFace).toHaveAttribute('aria-hidden', 'true')
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument()
    expect(overlayButton('Sign Up')).toBeUndefined()
    expect(screen.getByText('Welcome Back!').closest('[aria-hidden]')).toHaveAttribute('aria-hidden', 'false')

    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await signInForm()).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toHaveFocus()
    expect(signInFace).not.toHaveAttribute('inert')
    expect(signUpFace).toHaveAttribute('inert')
    expect(signUpFace).toHaveAttribute('aria-hidden', 'true')
  })

  it('also switches faces with the links under each form', async () => {
    const { user } = renderRoot('/')
    await signInForm()
    await user.click(screen.getByRole('button', { name: 'Create an account' }))
    expect(await signUpForm()).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await signInForm()).toBeInTheDocument()
  })
})

describe('landing screen: signing in', () => {
  // On a first load of '/' the landing screen runs alone and opens the app on signing in; after signing out it is the
  // app's route '/'.
  it.each([
    ['on a first load', renderRoot],
    ['inside the app', renderApp],
  ])('signs an admin in %s: button disabled while in flight, Login Success, session stored, /dashboard after 2 s', async (_, open) => {
    const { user: account, password } = await testContext().createUser({ role: 'admin', name: 'Ada Admin' })
    const held = gate()
    const { user, pathname } = open('/')
    const form = await signInForm()
    await fillIn(user, within(form).getByLabelText(/Email/), account.email)
    await fillIn(user, within(form).getByLabelText(/Password/), password)
    const button = within(form).getByRole('button', { name: 'Sign In' })
    const handOver = watchHandOver({ hold: held.opened })
    await user.click(button)

    await waitFor(() => expect(button).toBeDisabled())
    expect(localStorage.getItem('token')).toBeNull()
    held.open()

    // Still on the landing screen (and the button stays disabled) until 2 s after the answer, to the millisecond.
    await handOver.expectHandOver(pathname, '/dashboard', () => {
      expect(localStorage.getItem('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
      expect(localStorage.getItem('role')).toBe('admin')
      expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: account.email, name: 'Ada Admin', role: 'admin' })
      expect(button).toBeDisabled()
    })
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument()
    expect(pathname()).toBe('/dashboard')
  })

  it('shows Login Failed and the server message inline for a wrong password', async () => {
    const { user: account } = await testContext().createUser()
    const { user, pathname } = renderRoot('/')
    const form = await signInForm()
    await fillIn(user, within(form).getByLabelText(/Email/), account.email)
    await fillIn(user, within(form).getByLabelText(/Password/), 'not-the-password')
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Login Failed')).toBeInTheDocument()
    expect(await within(form).findByRole('alert')).toHaveTextContent('Invalid email or password.')
    expect(within(form).getByRole('button', { name: 'Sign In' })).toBeEnabled()
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('role')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
    expect(pathname()).toBe('/')
  })

  it("shows 'Login failed' inline when the failure carries no message", async () => {
    mswServer.use(http.post('*/api/oauth2/loginUser', () => HttpResponse.text('', { status: 500 })))
    const { user } = renderRoot('/')
    const form = await signInForm()
    await fillIn(user, within(form).getByLabelText(/Email/), 'someone@example.com')
    await fillIn(user, within(form).getByLabelText(/Password/), 'whatever-password')
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Login failed$/)
    expect(screen.getByText('Login Failed')).toBeInTheDocument()
  })

  it('a busy server (503 with Retry-After) is asked again after the wait; the form shows nothing new meanwhile', async () => {
    const { user: account, password } = await testContext().createUser()
    const waits = recordBusyWaits()
    const { user } = renderRoot('/')
    const form = await signInForm()
    await fillIn(user, within(form).getByLabelText(/Email/), account.email)
    await fillIn(user, within(form).getByLabelText(/Password/), password)
    const clock = stoppableClock()
    const calls = answerBusy(1, '1', clock)
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))

    await clock.until(() => expect(waits()).toHaveLength(1))
    expect(calls.count).toBe(1)
    await expectAskedAgainAfter(clock, waits()[0]!, calls, form)

    clock.resume()
    expect(await screen.findByText('Login Success')).toBeInTheDocument()
    expect(waits()).toHaveLength(1)
    expect(calls.count).toBe(2)
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.queryByText('Login Failed')).not.toBeInTheDocument()
  })

  it("still busy after 3 retries: the server's message shows inline with Login Failed", async () => {
    const waits = recordBusyWaits()
    const { user } = renderRoot('/')
    const form = await signInForm()
    await fillIn(user, within(form).getByLabelText(/Email/), 'someone@example.com')
    await fillIn(user, within(form).getByLabelText(/Password/), 'whatever-password')
    const clock = stoppableClock()
    const calls = answerBusy(Infinity, '1', clock)
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    for (let retry = 1; retry <= 3; retry++) {
      await clock.until(() => expect(waits()).toHaveLength(retry))
      await expectAskedAgainAfter(clock, waits()[retry - 1]!, calls, form)
    }

    clock.resume()
    expect(await within(form).findByRole('alert')).toHaveTextContent(BUSY_MESSAGE)
    expect(calls.count).toBe(4)
    expect(waits()).toHaveLength(3)
    expect(screen.getByText('Login Failed')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Sign In' })).toBeEnabled()
  })

  it('a Retry-After longer than half a minute is not waited for: the message shows at once', async () => {
    const calls = answerBusy(Infinity, '120')
    const { user } = renderRoot('/')
    const form = await signInForm()
    await fillIn(user, within(form).getByLabelText(/Email/), 'someone@example.com')
    await fillIn(user, within(form).getByLabelText(/Password/), 'whatever-password')
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(BUSY_MESSAGE)
    expect(calls.count).toBe(1)
  })

  it('sends a visitor who already has a session from / to their home', async () => {
    await signInAs('admin')
    const admin = renderRoot('/')
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument()
    expect(admin.pathname()).toBe('/dashboard')
    admin.unmount()

    localStorage.clear()
    await signInAs('USER', { name: 'Lena Learner' })
    const learner = renderRoot('/')
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(learner.pathname()).toBe('/user/my-dashboard')
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument()
  })
})

describe('landing screen: creating an account', () => {
  it("registers ('Registering...'), switches to Sign in with the e-mail filled and the verification e-mail named, then signs the learner in to /user/my-dashboard", async () => {
    const held = holdPost('/oauth2/registerUser')
    const { user, pathname } = renderRoot('/')
    const form = await openSignUp(user)
    const password = `${'p'.repeat(PASSWORD_MIN)}1`
    await fillIn(user, within(form).getByLabelText(/Name/), 'Nina Newcomer')
    await fillIn(user, within(form).getByLabelText(/Email/), 'Nina@Example.com')
    await fillIn(user, within(form).getByLabelText(/Password/), password)
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }))

    const pending = await within(form).findByRole('button', { name: 'Registering...' })
    expect(pending).toBeDisabled()
    held.open()

    expect(await screen.findByText('User registered successfully')).toBeInTheDocument()
    const signIn = await signInForm()
    expect(faceOf('Create Account')).toHaveAttribute('inert')
    expect(within(signIn).getByLabelText(/Email/)).toHaveValue('nina@example.com')
    expect(within(signIn).getByLabelText(/Password/)).toHaveValue('')
    // The sign-in face says where the verification e-mail went, and offers a new one.
    expect(within(signIn).getByRole('status')).toHaveTextContent(
      'We sent a verification e-mail to nina@example.com. Open the link in it to confirm your address.',
    )
    expect(within(signIn).getByRole('link', { name: 'Resend Verification' })).toHaveAttribute(
      'href',
      '/user/resend-verification?email=nina%40example.com',
    )
    expect(localStorage.getItem('token')).toBeNull()

    await fillIn(user, within(signIn).getByLabelText(/Password/), password)
    const handOver = watchHandOver()
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }))
    await handOver.expectHandOver(pathname, '/user/my-dashboard', () => {
      expect(localStorage.getItem('role')).toBe('USER')
      expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ email: 'nina@example.com', name: 'Nina Newcomer' })
    })
    const card = await screen.findByRole('region', { name: 'Your profile' })
    expect(pathname()).toBe('/user/my-dashboard')
    expect(await within(card).findByText('Nina Newcomer')).toBeInTheDocument()
    expect(within(card).getByText('nina@example.com')).toBeInTheDocument()
  })

  it('shows the server message for an e-mail already registered, and stays on Create Account', async () => {
    const { user: existing } = await testContext().createUser()
    const { user } = renderRoot('/')
    const form = await openSignUp(user)
    await fillIn(user, within(form).getByLabelText(/Name/), 'Second Try')
    await fillIn(user, within(form).getByLabelText(/Email/), existing.email)
    await fillIn(user, within(form).getByLabelText(/Password/), 'long-enough-password')
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText('Email is already registered')).toBeInTheDocument()
    expect(screen.queryByText('User registered successfully')).not.toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Sign Up' })).toBeEnabled()
    expect(faceOf('Create Account')).not.toHaveAttribute('inert')
  })

  it("shows 'Registration failed' when the failure carries no message", async () => {
    mswServer.use(http.post('*/api/oauth2/registerUser', () => HttpResponse.text('', { status: 500 })))
    const { user } = renderRoot('/')
    const form = await openSignUp(user)
    await fillIn(user, within(form).getByLabelText(/Name/), 'No Luck')
    await fillIn(user, within(form).getByLabelText(/Email/), 'no.luck@example.com')
    await fillIn(user, within(form).getByLabelText(/Password/), 'long-enough-password')
    await user.click(within(form).getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText('Registration failed')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Sign Up' })).toBeEnabled()
  })
})

describe('landing screen: Google button', () => {
  it('renders a large (40 px) Google button on both faces when a client id is configured', async () => {
    renderRoot('/')
    const signIn = await signInForm()
    const container = await within(signIn).findByTestId('google-button-large')
    expect((container.firstElementChild as HTMLElement).style.height).toBe('40px')
    const signUp = screen.getByRole('form', { name: 'Create Account', hidden: true })
    expect(within(signUp).getByTestId('google-button-large')).toBeInTheDocument()
    // The provider asked for Google's script; it cannot load here, and the page still works.
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).not.toBeNull()
  })

  it('logs a Google script load failure and the page keeps working', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { user } = renderRoot('/')
    await within(await signInForm()).findByTestId('google-button-large')
    const scripts = document.querySelectorAll('script[src="https://accounts.google.com/gsi/client"]')
    expect(scripts.length).toBeGreaterThan(0)
    act(() => {
      for (const script of scripts) script.dispatchEvent(new Event('error'))
    })
    expect(logged).toHaveBeenCalledWith('Google Identity Services failed to load')
    await waitFor(() => expect(screen.queryAllByTestId(/^google-button-/)).toHaveLength(0))
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await signUpForm()).toBeInTheDocument()
    logged.mockRestore()
  })

  it('renders no Google button when the server has no client id', async () => {
    let answered = 0
    mswServer.use(
      http.get('*/api/config', () => {
        answered++
        return HttpResponse.json({ success: true, status: 200, data: { googleClientId: null } })
      }),
    )
    renderRoot('/')
    await signInForm()
    await waitFor(() => expect(answered).toBe(1))
    expect(screen.queryAllByTestId(/^google-button-/)).toHaveLength(0)
    expect(document.querySelector('script[src="https://accounts.google.com/gsi/client"]')).toBeNull()
  })

  it('takes the settings the server wrote into index.html, and asks GET /api/config for nothing', async () => {
    let asked = 0
    mswServer.use(
      http.get('*/api/config', () => {
        asked++
        return HttpResponse.json({ success: true, status: 200, data: { googleClientId: 'asked.apps.googleusercontent.com' } })
      }),
    )
    const written = document.createElement('script')
    written.type = 'application/json'
    written.id = 'config'
    written.textContent = JSON.stringify({ googleClientId: null })
    document.head.append(written)
    try {
      renderRoot('/')
      await signInForm()
      expect(screen.queryAllByTestId(/^google-button-/)).toHaveLength(0)
      expect(asked).toBe(0)
    } finally {
      written.remove()
    }
  })

  it('reads the written settings on the first render, without waiting for a call', () => {
    const written = document.createElement('script')
    written.type = 'application/json'
    written.id = 'config'
    written.textContent = JSON.stringify({ googleClientId: 'written.apps.googleusercontent.com', currency: 'EUR' })
    document.head.append(written)
    try {
      const { result } = renderHook(() => usePublicConfig())
      expect(result.current).toEqual({ googleClientId: 'written.apps.googleusercontent.com', currency: 'EUR' })
    } finally {
      written.remove()
    }
  })

  it('maps the sizes to Google heights: large 40, medium 32, small 20', async () => {
    expect(GOOGLE_BUTTON_HEIGHT).toEqual({ large: 40, medium: 32, small: 20 })
    render(
      <ThemeProviders env="test">
        <LandingNavContext value={{ go: () => {}, prepare: () => {} }}>
          <GoogleSignIn size="small" />
          <GoogleSignIn size="medium" />
        </LandingNavContext>
      </ThemeProviders>,
    )
    const small = await screen.findByTestId('google-button-small')
    expect((small.firstElementChild as HTMLElement).style.height).toBe('20px')
    const medium = screen.getByTestId('google-button-medium')
    expect((medium.firstElementChild as HTMLElement).style.height).toBe('32px')
  })
})

describe('landing screen: a first load of /', () => {
  /** Signs in on the form, and checks the page moves on to `to` 2 s after the server's answer. */
  async function signIn({ user, pathname }: ReturnType<typeof renderRoot>, email: string, password: string, to: string) {
    const form = await signInForm()
    await fillIn(user, within(form).getByLabelText(/Email/), email)
    await fillIn(user, within(form).getByLabelText(/Password/), password)
    const handOver = watchHandOver()
    await user.click(within(form).getByRole('button', { name: 'Sign In' }))
    await handOver.expectHandOver(pathname, to)
  }

  it('opens the page `?redirect=` names once signed in', async () => {
    const { user: learner, password } = await testContext().createUser({ name: 'Lena Learner' })
    const page = renderRoot('/?redirect=%2Fuser%2Fpackages%3Fq%3DFire')
    const { pathname, search } = page
    await signIn(page, learner.email, password, '/user/packages')
    const heading = await screen.findByRole('heading', { name: 'My Learning Packages' })
    expect(pathname()).toBe('/user/packages')
    await waitFor(() => expect(heading).toHaveFocus())
    expect(search()).toBe('?q=Fire')
  })

  it('opens the role home instead of a redirect that leads off the app', async () => {
    const { user: learner, password } = await testContext().createUser({ name: 'Lena Learner' })
    const page = renderRoot(`/?redirect=${encodeURIComponent('//evil.example/phish')}`)
    const { pathname } = page
    await signIn(page, learner.email, password, '/user/my-dashboard')
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/my-dashboard')
  })

  it('sends a visitor already signed in straight to the page `?redirect=` names', async () => {
    await signInAs('USER')
    const { pathname } = renderRoot('/?redirect=%2Fuser%2Fsettings')
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/settings')
    expect(screen.queryByRole('form', { name: 'Sign in' })).not.toBeInTheDocument()
  })

  it('says why the session ended when the sign-in screen it was sent to is loaded again', async () => {
    window.history.replaceState({ sessionEnded: 'signed-out-everywhere' }, '', '/')
    const { Root } = await import('../../src/Root.tsx')
    render(<Root env="test" />)
    expect(await within(await signInForm()).findByRole('status')).toHaveTextContent('You signed out on all devices. Sign in again.')
  })

  it('opens the app for a link, and the browser goes back to the sign-in screen', async () => {
    const { user, pathname } = renderRoot('/')
    await user.click(within(await signInForm()).getByRole('link', { name: 'Forgot your password?' }))
    const heading = await screen.findByRole('heading', { name: 'Forgot your password?' })
    expect(pathname()).toBe('/forgot-password')
    // A route change as any other: focus goes to the new page's h1.
    await waitFor(() => expect(heading).toHaveFocus())
    act(() => window.history.back())
    expect(await signInForm()).toBeInTheDocument()
    await waitFor(() => expect(pathname()).toBe('/'))
  })
})
