import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { admin, loginViaApi, newLearner, registerViaApi, storeSession, type Session } from './support.ts'
import { sharedA11ySeed } from './shared-seed.ts'

/**
 * @screenshots: saves PNGs of the landing screen, the shell, the package viewer's outline and the users list, in both
 * themes and at phone width, to
 * test-results/screenshots/ (and a copy in /tmp/shots/) for a person to look at. It asserts only that the pages render.
 */
const OUT = path.resolve(import.meta.dirname, '../../test-results/screenshots')
const COPY = '/tmp/shots'
const PHONE = { width: 390, height: 844 }

async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(OUT, { recursive: true })
  // Let web fonts load and every CSS transition (sliding panel, drawer, theme) finish.
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((r) => setTimeout(r, 50))
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))
  })
  const file = path.join(OUT, `${name}.png`)
  await page.screenshot({ path: file, fullPage })
  try {
    mkdirSync(COPY, { recursive: true })
    copyFileSync(file, path.join(COPY, `${name}.png`))
  } catch {
    // the copy is a convenience
  }
}

async function setTheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((s) => localStorage.setItem('theme', s), scheme)
}

test.describe('screenshots @screenshots', () => {
  let learner: Session
  let adminSession: Session

  test.beforeAll(async ({ request }) => {
    const credentials = newLearner('Screenshot')
    credentials.name = 'Priya Raman'
    await registerViaApi(request, credentials)
    learner = await loginViaApi(request, credentials.email, credentials.password)
    adminSession = await loginViaApi(request, admin.email, admin.password)
  })

  test('landing screen, light and dark, desktop and phone', async ({ page }) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.goto('/')
      await setTheme(page, scheme)
      await page.reload()
      await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
      await shoot(page, `landing-${scheme}`)
    }
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByRole('form', { name: 'Create Account' })).toBeVisible()
    await shoot(page, 'landing-create-account-dark')

    await page.setViewportSize(PHONE)
    await setTheme(page, 'light')
    await page.reload()
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
    await shoot(page, 'landing-phone-light')
  })

  test('learner home and admin dashboard in the shell, light and dark', async ({ page }) => {
    for (const [who, session, url] of [
      ['learner-home', learner, '/user/my-dashboard'],
      ['admin-dashboard', adminSession, '/dashboard'],
    ] as const) {
      await storeSession(page, session)
      for (const scheme of ['light', 'dark'] as const) {
        await setTheme(page, scheme)
        await page.goto(url)
        // The page has drawn its content (the learner's profile card, the admin's figures) before the picture.
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        await shoot(page, `${who}-${scheme}`)
      }
      await page.evaluate(() => localStorage.clear())
    }
  })

  test('phone width: the shell with the drawer open', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await storeSession(page, adminSession)
    await setTheme(page, 'light')
    await page.goto('/dashboard')
    await expect(page.getByRole('list', { name: 'Figures' })).toBeVisible()
    await shoot(page, 'shell-phone-light')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users Details' })).toBeVisible()
    await shoot(page, 'shell-phone-drawer-light', { fullPage: false })
    await setTheme(page, 'dark')
    await page.reload()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Users Details' })).toBeVisible()
    await shoot(page, 'shell-phone-drawer-dark', { fullPage: false })
  })

  test("the package viewer's outline and an admin's Manage Content group, light and dark, desktop and phone", async ({ page }) => {
    // The learner with progress, a SCORM package and materials in the package (the axe sweep's seed).
    const seed = await sharedA11ySeed()
    for (const [width, size] of [
      ['desktop', { width: 1366, height: 900 }],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(size)
      for (const scheme of ['light', 'dark'] as const) {
        await storeSession(page, seed.learner)
        await setTheme(page, scheme)
        await page.goto(`/topics/${seed.packageId}`)
        const outline = page.getByRole('navigation', { name: 'Course content' })
        await expect(outline.getByText('Done').first()).toBeVisible()
        await shoot(page, `viewer-${width}-${scheme}`)

        // The group once in each theme (the drawer test above has the phone shell in both).
        if ((width === 'desktop') !== (scheme === 'light')) continue
        await storeSession(page, seed.admin)
        await page.goto('/admin/paginated-users')
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        if (width === 'phone') await page.getByRole('button', { name: 'Open menu' }).click()
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Manage Content' }).click()
        await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload Content' })).toBeVisible()
        await shoot(page, `users-manage-content-${width}-${scheme}`, { fullPage: width === 'desktop' })
        await page.evaluate(() => localStorage.clear())
      }
    }
  })
})
