import { mkdirSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Locator, type Page, test } from '@playwright/test'
import type { A11ySeed } from './a11y-seed.ts'
import { sharedA11ySeed } from './shared-seed.ts'
import { type Session, signedInStorage, switchTheme } from './support.ts'

/**
 * @a11y: the sweep (a11y.spec.ts) sees controls at rest; this hovers one button, link-button and clickable badge of each look on the
 * screens that hold the app's coloured variants (light and subtle red deletes, light, subtle, outline and default
 * buttons) and runs axe's color-contrast rule on the hovered control, in light and dark. HOVER_SHOTS=<directory> keeps a
 * screenshot of each hovered red control.
 */

const SCREENS: { name: string; as: 'admin' | 'learner'; url: (seed: A11ySeed) => string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'groups',
    as: 'admin',
    url: () => '/groups',
    ready: (p) => expect(p.getByRole('button', { name: /^Delete / }).first()).toBeVisible(),
  },
  {
    name: 'group',
    as: 'admin',
    url: (s) => `/groups/${s.groupId}`,
    ready: (p) => expect(p.getByRole('button', { name: /^Edit due date of / }).first()).toBeVisible(),
  },
  {
    name: 'user detail',
    as: 'admin',
    url: (s) => `/user/detail?id=${s.learner.user.id}`,
    ready: (p) => expect(p.getByRole('button', { name: /^Unassign / }).first()).toBeVisible(),
  },
  {
    name: 'skill topics',
    as: 'admin',
    url: (s) => `/skill/${s.skillId}/topics`,
    ready: (p) => expect(p.getByRole('button', { name: /^Delete English captions of / })).toBeVisible(),
  },
  {
    name: 'packages',
    as: 'admin',
    url: () => '/package',
    ready: (p) => expect(p.getByRole('button', { name: /^Delete / }).first()).toBeVisible(),
  },
  {
    name: 'viewer',
    as: 'learner',
    url: (s) => `/topics/${s.packageId}`,
    ready: (p) => expect(p.getByRole('button', { name: 'Leave a Comment' })).toBeVisible(),
  },
]

const CONTROLS = '.mantine-Button-root, .mantine-ActionIcon-root, button.mantine-Badge-root'
const HOVERED = 'data-hover-contrast'

/**
 * The index of the first control of each look: controls with the same component, variant, colour variables and surface
 * under them (the nearest ancestor with a background) have the same colours when hovered, so one of them is checked.
 */
function oneOfEachLook(controls: Locator): Promise<number[]> {
  return controls.evaluateAll((elements) => {
    const surface = (element: Element) => {
      for (let node = element.parentElement; node; node = node.parentElement) {
        const background = getComputedStyle(node).backgroundColor
        if (background !== 'rgba(0, 0, 0, 0)' && background !== 'transparent') return background
      }
      return 'none'
    }
    const seen = new Set<string>()
    const picked: number[] = []
    elements.forEach((element, index) => {
      const look = [element.className, element.getAttribute('data-variant'), element.getAttribute('style'), surface(element)].join('|')
      if (seen.has(look)) return
      seen.add(look)
      picked.push(index)
    })
    return picked
  })
}

test.describe('hovered controls keep their contrast @a11y', () => {
  test.use({ actionTimeout: 10_000, navigationTimeout: 30_000, viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' })
  let seed: A11ySeed

  test.beforeAll(async () => {
    test.setTimeout(420_000)
    seed = await sharedA11ySeed()
  })

  test('every button on the screens with coloured variants, hovered, in light and dark', async ({ browser, baseURL }) => {
    test.setTimeout(1_800_000)
    const shots = process.env.HOVER_SHOTS
    if (shots) mkdirSync(shots, { recursive: true })
    const findings: string[] = []
    let hovered = 0
    for (const screen of SCREENS) {
      const session: Session = seed[screen.as]
      const context = await browser.newContext({
        baseURL,
        storageState: signedInStorage(baseURL!, session),
      })
      const page = await context.newPage()
      await page.goto(screen.url(seed))
      await screen.ready(page)
      for (const theme of ['light', 'dark'] as const) {
        await switchTheme(page, theme)
        const controls = page.locator(`main :is(${CONTROLS}):visible:not(:disabled, [data-disabled])`)
        for (const i of await oneOfEachLook(controls)) {
          const control = controls.nth(i)
          await control.scrollIntoViewIfNeeded()
          await control.hover()
          hovered++
          await control.evaluate((element, name) => element.setAttribute(name, ''), HOVERED)
          const name = (await control.getAttribute('aria-label')) ?? ((await control.textContent()) ?? '').trim()
          // These screens hold no frames: legacy mode runs axe in the page itself (about half the time per call).
          const result = await new AxeBuilder({ page }).setLegacyMode().include(`[${HOVERED}]`).withRules(['color-contrast']).analyze()
          for (const violation of result.violations) {
            for (const node of violation.nodes)
              findings.push(`${screen.name}, ${theme}, "${name}": ${node.any[0]?.message ?? violation.help}`)
          }
          if (shots && /red/.test((await control.getAttribute('style')) ?? '')) {
            const box = (await control.boundingBox())!
            const file = `hover-${screen.name}-${name}-${theme}`.replaceAll(/[^\w-]+/g, '-').slice(0, 100)
            await page.screenshot({
              path: path.join(shots, `${file}.png`),
              clip: { x: Math.max(0, box.x - 24), y: Math.max(0, box.y - 16), width: box.width + 48, height: box.height + 32 },
            })
          }
          await control.evaluate((element, name) => element.removeAttribute(name), HOVERED)
        }
      }
      await context.close()
    }
    expect(hovered).toBeGreaterThan(10)
    expect(findings).toEqual([])
  })
})
