import { randomBytes } from 'node:crypto'
import { expect, type APIRequestContext, type BrowserContextOptions, type Page } from '@playwright/test'

export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? '',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
}

export interface Session {
  token: string
  user: { id: number; email: string; name: string; role: string }
}

/** A fresh learner's credentials (unique per call). */
export function newLearner(label = 'Learner') {
  const id = randomBytes(4).toString('hex')
  return { name: `E2E ${label} ${id}`, email: `learner-${id}@e2e.test`, password: `pw-${randomBytes(9).toString('base64url')}` }
}

/** Registers through the API (the journeys that test the form itself use the UI). */
export async function registerViaApi(
  request: APIRequestContext,
  learner: { name: string; email: string; password: string },
  baseURL?: string,
) {
  const response = await request.post(`${baseURL ?? ''}/api/oauth2/registerUser`, { data: learner })
  expect(response.status(), await response.text()).toBe(201)
}

export async function loginViaApi(request: APIRequestContext, email: string, password: string, baseURL?: string): Promise<Session> {
  const response = await request.post(`${baseURL ?? ''}/api/oauth2/loginUser`, { data: { email, password } })
  expect(response.status(), await response.text()).toBe(200)
  const body = (await response.json()) as { data: Session }
  return body.data
}

/** Stores a session the way the landing screen does (token, role, user in localStorage) without the 2 s redirect. */
export async function storeSession(page: Page, session: Session, origin?: string) {
  await page.goto(`${origin ?? ''}/`)
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token)
    localStorage.setItem('role', user.role ?? 'USER')
    localStorage.setItem('user', JSON.stringify(user))
  }, session)
}

/** A new context's storage: the light theme and, when given, a session stored the way the landing screen stores it. */
export function signedInStorage(baseURL: string, session?: Session): BrowserContextOptions['storageState'] {
  const localStorage = [{ name: 'theme', value: 'light' }]
  if (session) {
    localStorage.push(
      { name: 'token', value: session.token },
      { name: 'role', value: session.user.role ?? 'USER' },
      { name: 'user', value: JSON.stringify(session.user) },
    )
  }
  return { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage }] }
}

/** Switches the page's theme the way another tab does (a storage event), without reloading or moving focus. */
export async function switchTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => {
    localStorage.setItem('theme', value)
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value }))
  }, theme)
  if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/)
  else await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme)
}

/** The sign-in face of the landing screen. */
export const signInForm = (page: Page) => page.getByRole('form', { name: 'Sign in' })
/** The Create Account face of the landing screen. */
export const signUpForm = (page: Page) => page.getByRole('form', { name: 'Create Account' })

export async function signInThroughForm(page: Page, email: string, password: string) {
  const form = signInForm(page)
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email)
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await form.getByRole('button', { name: 'Sign In', exact: true }).click()
}

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' })
export const profileCard = (page: Page) => page.getByRole('region', { name: 'Your profile' })
export const htmlClass = (page: Page) => page.locator('html').getAttribute('class')

/** The bearer header of a session. */
export const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}` })

/** An API call as `session` that must succeed; its envelope's data. */
export async function api<T>(request: APIRequestContext, session: Session, method: 'post' | 'put' | 'get', url: string, data?: unknown) {
  const response = await request[method](`/api${url}`, { headers: auth(session), data })
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${response.status()} ${await response.text()}`).toBe(true)
  return ((await response.json()) as { data: T }).data
}
