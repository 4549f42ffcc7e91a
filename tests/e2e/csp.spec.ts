import { expect, test, type Page } from '@playwright/test'
import type { A11ySeed } from './a11y-seed.ts'
import { sharedA11ySeed } from './shared-seed.ts'
import { storeSession, type Session } from './support.ts'

/**
 * The server's Content-Security-Policy is strict (no 'unsafe-eval', no outside scripts): no screen may trip it. A
 * violation is an issue in the browser's DevTools (and costs Lighthouse's best-practices score) even when nothing looks
 * broken, e.g. a library probing for eval.
 */

declare global {
  interface Window {
    cspViolations: string[]
  }
}

async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    window.cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      )
    })
  })
}

async function expectNoViolations(page: Page, url: string) {
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined)
  expect(await page.evaluate(() => window.cspViolations), url).toEqual([])
}

let seed: A11ySeed
test.beforeAll(async () => {
  test.setTimeout(420_000) // the axe sweep's seed (made once a run): dozens of accounts, uploads, a certificate renewal
  seed = await sharedA11ySeed()
})

const screens: { as: 'learner' | 'admin'; urls: (s: A11ySeed) => string[] }[] = [
  {
    as: 'learner',
    urls: (s) => ['/user/my-dashboard', `/topics/${s.packageId}`, `/mcq-test/${s.subTopicIds.join(',')}`, `/mcq-test/results/${s.skillId}`],
  },
  { as: 'admin', urls: (s) => ['/dashboard', '/reports', `/skill/${s.skillId}/topics`, `/subtopic/${s.subTopicIds[0]}`] },
]

test("a visitor's landing screen (its own entry, without the router) breaks no Content-Security-Policy rule", async ({ page }) => {
  await recordViolations(page)
  await expectNoViolations(page, '/')
})

for (const { as, urls } of screens) {
  test(`the ${as}'s screens break no Content-Security-Policy rule`, async ({ page }) => {
    await recordViolations(page)
    await storeSession(page, seed[as] as Session)
    for (const url of urls(seed)) await expectNoViolations(page, url)
  })
}
