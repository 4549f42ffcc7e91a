import { expect, test, type Page } from '@playwright/test'
import { loginViaApi, newLearner, registerViaApi, storeSession } from './support.ts'

/**
 * prefers-reduced-motion (WCAG 2.3.3): loading skeletons stop pulsing; with no preference they pulse. The learner
 * home is held on its loading state by holding back its API answers.
 */
async function skeletonAnimation(page: Page) {
  let release!: () => void
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/**', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/user/my-dashboard')
  const skeleton = page.locator('.mantine-Skeleton-root[data-animate]').first()
  await expect(skeleton).toBeVisible()
  const name = await skeleton.evaluate((element) => getComputedStyle(element, '::after').animationName)
  release()
  return name
}

for (const [motion, pulses] of [
  ['no-preference', true],
  ['reduce', false],
] as const) {
  test(`loading skeletons ${pulses ? 'pulse' : 'hold still'} with prefers-reduced-motion: ${motion}`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const learner = newLearner('Motion')
    await registerViaApi(request, learner)
    const context = await browser.newContext({ baseURL, reducedMotion: motion })
    const page = await context.newPage()
    await storeSession(page, await loginViaApi(request, learner.email, learner.password))
    const animation = await skeletonAnimation(page)
    if (pulses) expect(animation).not.toBe('none')
    else expect(animation).toBe('none')
    await context.close()
  })
}
