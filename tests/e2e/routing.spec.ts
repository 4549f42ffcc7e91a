import { expect, test } from '@playwright/test'
import { loginViaApi, newLearner, profileCard, registerViaApi, storeSession } from './support.ts'

test('a deep link reloads in place when signed in (the server answers index.html for client routes)', async ({ page, request }) => {
  const learner = newLearner('Deeplink')
  await registerViaApi(request, learner)
  await storeSession(page, await loginViaApi(request, learner.email, learner.password))

  const direct = await request.get('/user/my-dashboard')
  expect(direct.status()).toBe(200)
  expect(direct.headers()['content-type']).toContain('text/html')

  await page.goto('/user/my-dashboard')
  await expect(profileCard(page).getByText(learner.email)).toBeVisible()
  await page.reload()
  await expect(page).toHaveURL(/\/user\/my-dashboard$/)
  await expect(profileCard(page).getByText(learner.name)).toBeVisible()
})

test('an unknown client route shows the not-found page', async ({ page }) => {
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to the start page' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('an unknown /api path is a JSON 404 envelope, not the SPA', async ({ request }) => {
  const response = await request.get('/api/no/such/endpoint')
  expect(response.status()).toBe(404)
  expect(response.headers()['content-type']).toContain('application/json')
  const body = (await response.json()) as { success: boolean; status: number; path: string; message: string }
  expect(body.success).toBe(false)
  expect(body.status).toBe(404)
  expect(body.path).toBe('/api/no/such/endpoint')
  expect(body.message).toBeTruthy()
})

test('hashed assets are cached for a year, index.html never', async ({ request, page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script' && r.url().includes('/assets/')) scripts.push(r.url())
  })
  await page.goto('/')
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
  expect(scripts.length).toBeGreaterThan(0)
  const asset = await request.get(scripts[0]!)
  expect(asset.headers()['cache-control']).toContain('immutable')
  const index = await request.get('/')
  expect(index.headers()['cache-control']).toBe('no-cache')
  expect(index.headers()['content-security-policy']).toBeTruthy()
})
