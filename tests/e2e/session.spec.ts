import { expect, test } from '@playwright/test'
import { loginViaApi, newLearner, profileCard, registerViaApi, storeSession } from './support.ts'

const shortTtlUrl = process.env.E2E_SHORT_TTL_URL ?? ''
const ttlSeconds = Number(process.env.E2E_SHORT_TTL_SECONDS ?? 3)

const storedSession = () => ({
  token: localStorage.getItem('token'),
  role: localStorage.getItem('role'),
  user: localStorage.getItem('user'),
})

test('an expired token sends the browser to / and clears the session', async ({ page, request }) => {
  test.skip(!shortTtlUrl, 'E2E_SHORT_TTL_URL is not set (run through npm run test:e2e)')
  // This server signs tokens that live JWT_TTL (8 s, see run.ts).
  const learner = newLearner('Expiry')
  await registerViaApi(request, learner, shortTtlUrl)
  const session = await loginViaApi(request, learner.email, learner.password, shortTtlUrl)
  await storeSession(page, session, shortTtlUrl)

  await page.goto(`${shortTtlUrl}/user/my-dashboard`)
  await expect(profileCard(page).getByText(learner.email)).toBeVisible()

  // Until the token has really expired: the server refuses it.
  await expect
    .poll(
      async () => {
        const check = await request.get(`${shortTtlUrl}/api/user/getUserByEmail`, { headers: { Authorization: `Bearer ${session.token}` } })
        return check.status()
      },
      { timeout: ttlSeconds * 1000 + 10_000, intervals: [250] },
    )
    .toBe(401)

  await page.goto(`${shortTtlUrl}/user/my-dashboard`)
  await expect(page).toHaveURL(`${shortTtlUrl}/?redirect=%2Fuser%2Fmy-dashboard`)
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Your session has expired. Sign in again.' })).toBeVisible()
  expect(await page.evaluate(storedSession)).toEqual({ token: null, role: null, user: null })
})

test('a token signed with another key is a 401 that sends the browser to /', async ({ page, request }) => {
  const learner = newLearner('Forged')
  await registerViaApi(request, learner)
  const session = await loginViaApi(request, learner.email, learner.password)
  const [header, payload] = session.token.split('.')
  const forged = `${header}.${payload}.${Buffer.from('not the signature of this server').toString('base64url')}`
  await storeSession(page, { ...session, token: forged })

  await page.goto('/user/my-dashboard')
  await expect(page).toHaveURL(/\/\?redirect=%2Fuser%2Fmy-dashboard$/)
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
  expect(await page.evaluate(storedSession)).toEqual({ token: null, role: null, user: null })
})

test('signed-out visitors reaching a shell route go to / (to come back after signing in), learners reaching an admin route go to their dashboard', async ({
  page,
  request,
}) => {
  await page.goto('/user/my-dashboard')
  await expect(page).toHaveURL(/\/\?redirect=%2Fuser%2Fmy-dashboard$/)

  const learner = newLearner('Guard')
  await registerViaApi(request, learner)
  await storeSession(page, await loginViaApi(request, learner.email, learner.password))
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/user\/my-dashboard$/)
  await expect(profileCard(page).getByText(learner.email)).toBeVisible()
})

test('Logout clears the session and returns to /', async ({ page, request }) => {
  const learner = newLearner('Logout')
  await registerViaApi(request, learner)
  await storeSession(page, await loginViaApi(request, learner.email, learner.password))
  await page.goto('/user/my-dashboard')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect(await page.evaluate(storedSession)).toEqual({ token: null, role: null, user: null })
})
