import { expect, test } from '@playwright/test'
import { loginViaApi, newLearner, profileCard, registerViaApi, storeSession } from './support.ts'

test('the theme toggle switches to dark, survives a reload, and switches back', async ({ page, request }) => {
  const learner = newLearner('Theme')
  await registerViaApi(request, learner)
  await storeSession(page, await loginViaApi(request, learner.email, learner.password))
  await page.goto('/user/my-dashboard')
  await expect(profileCard(page).getByText(learner.email)).toBeVisible()

  const html = page.locator('html')
  const toggle = page.getByRole('button', { name: 'Toggle Theme' })
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/)
  await expect(toggle.locator('[data-icon="moon"]')).toBeVisible()

  await toggle.click()
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/)
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(toggle.locator('[data-icon="sun"]')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')

  await page.reload()
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/)
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark')
  await expect(page.getByRole('button', { name: 'Toggle Theme' }).locator('[data-icon="sun"]')).toBeVisible()

  await page.getByRole('button', { name: 'Toggle Theme' }).click()
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/)
  await page.reload()
  await expect(profileCard(page).getByText(learner.email)).toBeVisible()
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/)
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light')
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light')
})

test('a dark theme is applied before the first paint (no light flash)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  // Block the app's scripts: what remains is what the browser paints before React runs.
  await page.route('**/assets/*.js', (route) => route.abort())
  await page.goto('/')
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/)
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark')
})
