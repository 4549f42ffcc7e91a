import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import type { A11ySeed } from './a11y-seed.ts'
import { sharedA11ySeed } from './shared-seed.ts'
import type { FileRoutesByFullPath } from '../../src/routeTree.gen.ts'
import { type Session, signedInStorage, switchTheme } from './support.ts'

/**
 * @a11y: axe-core on every route of src/routeTree.gen.ts, in light and dark, at 1366 px and 390 px, with the dialogs
 * each route opens opened. Zero violations of any impact. One test per entry of SCREENS and width; a worker keeps one
 * browser context per role and width while its tests share them. Each screen or dialog is opened once and analysed in
 * both themes. Adding a route or a dialog is one entry in SCREENS.
 * Violation counts per state and theme are written to test-results/a11y/<width>/<screen>.json.
 */

/** 'newcomer' is a learner with nothing assigned, for the empty lists. */
type Role = 'guest' | 'learner' | 'newcomer' | 'admin'

type DialogStep = {
  /** What the report calls this state. */
  name: string
  /** Only at this width (e.g. the phone drawer). */
  only?: Width
} & (
  | {
      /** Opens the dialog (or other state); the sweep then waits for it and runs axe. */
      open: (page: Page, seed: A11ySeed) => Promise<void>
      /** The dialog's accessible name, when the state is a dialog (it is closed with Escape afterwards). */
      dialog?: string | RegExp
    }
  | {
      /**
       * Or what the screen shows with its data and no action (a badge, a row of a certain kind): waited for before the
       * screen is analysed, so that the screen's own analysis covers it; the page would be the same for a second one.
       */
      shows: (page: Page) => Locator
    }
)

interface Screen {
  /** The route's full path in routeTree.gen.ts. */
  route: keyof FileRoutesByFullPath
  /** What the report calls the screen when the route is swept more than once (another role or state). */
  label?: string
  as: Role
  url: (seed: A11ySeed) => string
  /** The states it is analysed in besides its first view: what an action opens or reaches, and what it shows with its data. */
  dialogs?: readonly DialogStep[]
}

const click = (name: string | RegExp) => (page: Page) => page.getByRole('button', { name }).first().click()
const visit = (url: (seed: A11ySeed) => string, target: (page: Page) => Locator) => async (page: Page, seed: A11ySeed) => {
  await page.goto(url(seed))
  await expect(target(page).first()).toBeVisible()
}
const searchResults = (page: Page) => page.getByRole('region', { name: 'Search results' })
const compliance = (page: Page) => page.locator('section[aria-labelledby="compliance-title"]')

/** A CSV for Import users: a new person, one joining the seeded group, and three rows the preview reports as errors. */
function importCsv(seed: A11ySeed): string {
  const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`
  return [
    'Email,Name,Role,Groups,Packages',
    `new.${stamp}@example.com,Imogen Import,Learner,${seed.groupName},`,
    `second.${stamp}@example.com,Ivo Import,Admin,,${seed.packageTitle}`,
    'not-an-address,Nobody,Learner,,',
    `third.${stamp}@example.com,Ula Unknown,Wizard,,`,
    `fourth.${stamp}@example.com,Pat Package,Learner,,No such package`,
  ].join('\n')
}

/** The viewer's outline: opens a sub-topic, then the SCORM package listed in it. */
async function openScorm(page: Page, seed: A11ySeed) {
  const outline = page.getByRole('navigation', { name: 'Course content' })
  await outline.getByText(seed.scormSubTopicTitle, { exact: true }).click()
  await page.getByRole('button', { name: /^Three parts/ }).click()
  await expect(page.getByRole('button', { name: 'Exit' })).toBeVisible()
  await expect(
    page.frameLocator('iframe[title^="Three parts"]').frameLocator('#sco').getByRole('heading', { name: 'Part 1' }),
  ).toBeVisible()
}

const SCREENS = [
  {
    route: '/',
    as: 'guest',
    url: () => '/',
    dialogs: [
      { name: 'Create Account face', open: click('Sign Up'), only: 'desktop' },
      // Phones have no sliding overlay: the link under the sign-in form switches faces.
      { name: 'Create Account face', open: click('Create an account'), only: 'phone' },
    ],
  },
  { route: '/forgot-password', as: 'guest', url: () => '/forgot-password' },
  { route: '/reset-password', as: 'guest', url: () => '/reset-password?token=not-a-real-token' },
  { route: '/verify/$code', label: '/verify/{code} (unknown code)', as: 'guest', url: () => '/verify/AAAAAAAAAAAAAAAAAAAAAAAA' },
  { route: '/verify/$code', label: '/verify/{code} (valid)', as: 'guest', url: (s) => `/verify/${s.certificateCode}` },
  { route: '/verify/$code', label: '/verify/{code} (revoked)', as: 'guest', url: (s) => `/verify/${s.revokedCertificateCode}` },
  {
    route: '/verify/$code',
    label: '/verify/{code} (expired)',
    as: 'guest',
    url: (s) => `/verify/${s.expiredCertificateCode}`,
    dialogs: [{ name: 'expired', shows: (p) => p.getByText('This certificate has expired') }],
  },
  { route: '/accept-invite', as: 'guest', url: () => '/accept-invite?token=not-a-real-token' },
  { route: '/verify-email', as: 'guest', url: () => '/verify-email?token=not-a-real-token' },
  { route: '/user/resend-verification', as: 'guest', url: () => '/user/resend-verification?email=someone%40example.com' },
  {
    route: '/user/my-dashboard',
    as: 'learner',
    url: () => '/user/my-dashboard',
    dialogs: [
      { name: 'View Topics', open: click('View Topics'), dialog: /Topics/ },
      { name: 'Notifications', open: click(/^Notifications/), dialog: 'Notifications' },
      { name: 'View All Reviews', open: click('View All Reviews'), dialog: /Reviews/ },
      { name: 'Submit Review', open: click('Submit Review'), dialog: 'Submit Review' },
      { name: 'phone menu', open: click('Open menu'), only: 'phone' },
      { name: 'Access requested', shows: (p) => p.getByText('Access requested') },
      {
        name: 'due this week with an overdue package',
        shows: (p) => p.locator('section[aria-labelledby="due-heading"]').getByText(/Overdue since/),
      },
      { name: 'Request access', shows: (p) => p.getByRole('button', { name: /^Request access to/ }) },
      { name: 'search results', open: visit((s) => `/user/my-dashboard?q=${s.searchTerm}`, searchResults) },
    ],
  },
  {
    route: '/user/my-dashboard',
    label: '/user/my-dashboard (nothing assigned)',
    as: 'newcomer',
    url: () => '/user/my-dashboard',
  },
  { route: '/user/packages', label: '/user/packages (nothing assigned)', as: 'newcomer', url: () => '/user/packages' },
  {
    route: '/user/certificates',
    as: 'learner',
    url: () => '/user/certificates',
    dialogs: [{ name: 'an expired certificate beside the valid ones', shows: (p) => p.getByText(/· Expired \d/) }],
  },
  {
    route: '/user/packages',
    as: 'learner',
    url: () => '/user/packages',
    dialogs: [
      { name: 'progress badges', shows: (p) => p.getByText(/% complete/) },
      { name: 'due dates and an overdue package', shows: (p) => p.getByText(/Overdue since/) },
      {
        name: 'sorted Title (Z-A)',
        open: async (p) => {
          await p.getByLabel('Sort by').selectOption('title-desc')
          await expect(p).toHaveURL(/sort=title-desc/)
        },
      },
      { name: 'Notifications', open: click(/^Notifications, \d+ unread$/), dialog: 'Notifications' },
      { name: 'Give Feedback', open: click('Give Feedback on Package'), dialog: 'Submit Review' },
    ],
  },
  {
    route: '/user/settings',
    as: 'learner',
    url: () => '/user/settings',
    dialogs: [{ name: 'reminder e-mail switch', shows: (p) => p.getByRole('switch', { name: /E-mail me reminders/ }) }],
  },
  {
    route: '/topics/$id',
    as: 'learner',
    url: (s) => `/topics/${s.packageId}`,
    dialogs: [
      // The first sub-topic is done, the second shows its percentage.
      { name: 'outline with progress', shows: (p) => p.getByRole('navigation', { name: 'Course content' }).getByText('Done') },
      { name: 'Leave a Comment', open: click('Leave a Comment'), dialog: 'Leave a Comment' },
      { name: 'Review This Package', open: click('Review This Package'), dialog: 'Submit Review' },
      {
        name: 'transcript open',
        open: async (p) => {
          await click('Transcript')(p)
          await expect(p.getByRole('list', { name: 'Transcript cues' })).toBeVisible()
        },
      },
      { name: 'Keyboard shortcuts', open: click('Keyboard shortcuts'), dialog: 'Keyboard shortcuts' },
    ],
  },
  {
    route: '/topics/$id',
    label: '/topics/{id} (SCORM package open)',
    as: 'learner',
    url: (s) => `/topics/${s.packageId}`,
    dialogs: [
      { name: 'frame with Exit and Part', open: openScorm },
      {
        name: 'Part list open',
        open: async (p) => {
          await p.getByRole('combobox', { name: 'Part' }).click()
          await expect(p.getByRole('option', { name: 'Part 2' })).toBeVisible()
        },
      },
      {
        name: 'second part',
        open: async (p) => {
          await p.getByRole('option', { name: 'Part 2' }).click()
          await expect(
            p.frameLocator('iframe[title="Three parts: Part 2"]').frameLocator('#sco').getByRole('heading', { name: 'Part 2' }),
          ).toBeVisible()
        },
      },
    ],
  },
  {
    route: '/mcq-test/$subTopicIds',
    as: 'learner',
    // The intro card: nothing has started yet.
    url: (s) => `/mcq-test/${s.subTopicIds[0]}`,
    dialogs: [
      { name: 'intro card', shows: (p) => p.getByRole('button', { name: 'Start test' }) },
      // The learner left a test on the second sub-topic open: its page offers to resume it.
      {
        name: 'open sitting',
        open: visit(
          (s) => `/mcq-test/${s.subTopicIds[1]}`,
          (p) => p.getByRole('button', { name: 'Resume test' }),
        ),
      },
      { name: 'test in progress', open: click('Resume test') },
      { name: 'Submit with unanswered questions', open: click(/^Submit/), dialog: /Submit|unanswered/i },
    ],
  },
  {
    route: '/mcq-test/attempt-history/$subTopicId',
    as: 'learner',
    url: (s) => `/mcq-test/attempt-history/${s.subTopicIds[0]}`,
    dialogs: [
      {
        name: 'review of a past attempt',
        open: async (p) => {
          await p
            .getByRole('link', { name: /^Review/ })
            .first()
            .click()
          await expect(p.getByRole('list', { name: 'Your answers' })).toBeVisible()
        },
      },
    ],
  },
  { route: '/mcq-test/results/$skillId', as: 'learner', url: (s) => `/mcq-test/results/${s.skillId}` },
  { route: '/mcq-test/resutls/$skillId', as: 'learner', url: (s) => `/mcq-test/resutls/${s.skillId}` },
  {
    route: '/dashboard',
    as: 'admin',
    url: () => '/dashboard',
    dialogs: [{ name: 'videos without captions link', shows: (p) => p.getByRole('link', { name: /videos? without captions/ }) }],
  },
  { route: '/reports/captions', as: 'admin', url: () => '/reports/captions' },
  {
    route: '/reports',
    as: 'admin',
    url: () => '/reports',
    dialogs: [
      {
        name: 'item analysis with flags',
        open: visit(
          (s) => `/reports?packageId=${s.packageId}`,
          (p) => p.getByText('too hard'),
        ),
      },
      {
        name: 'compliance counts and table',
        open: visit(
          () => '/reports',
          (p) => compliance(p).getByRole('listitem', { name: /^Overdue: [1-9]/ }),
        ),
      },
      {
        name: 'compliance filtered by group',
        open: async (p, s) => {
          await compliance(p).getByRole('combobox', { name: 'Group' }).selectOption({ label: s.groupName })
          // A table at 1366 px, a list of cards at 390 px.
          await expect(compliance(p).locator('table[aria-label="Compliance"], ul[aria-label="Compliance"]')).toContainText(
            s.overduePackageTitle,
          )
        },
      },
      {
        name: 'Revoke certificate',
        open: click(/^Revoke the certificate of Ada Access/),
        dialog: 'Revoke certificate',
      },
    ],
  },
  {
    route: '/package/',
    as: 'admin',
    url: () => '/package',
    dialogs: [
      { name: 'Delete package', open: (p, s) => click(`Delete ${s.packageTitle}`)(p), dialog: 'Delete package' },
      {
        name: 'search',
        open: visit(
          () => '/package?q=Accessible',
          (p) => p.getByRole('button', { name: /^Delete Accessible Algebra/ }),
        ),
      },
    ],
  },
  { route: '/package/$id', as: 'admin', url: (s) => `/package/${s.packageId}` },
  { route: '/package/create', as: 'admin', url: () => '/package/create' },
  { route: '/package/edit/$id', as: 'admin', url: (s) => `/package/edit/${s.packageId}` },
  {
    route: '/package/edit/$id',
    label: '/package/edit/{id} (issuing certificates)',
    as: 'admin',
    url: (s) => `/package/edit/${s.certificatePackageId}`,
    dialogs: [{ name: 'certificate settings on', shows: (p) => p.getByRole('switch', { name: /certificates/i, checked: true }) }],
  },
  {
    route: '/skill/$skillId/topics',
    as: 'admin',
    url: (s) => `/skill/${s.skillId}/topics`,
    // Deleting media is offered on Upload Content (the sub-topic page lists without deleting).
    dialogs: [
      {
        name: 'caption tracks',
        shows: (p) => p.getByRole('list', { name: /^Caption tracks of / }),
      },
      { name: 'Delete video', open: (p, s) => click(`Delete video ${s.videoTitle}`)(p), dialog: 'Delete video' },
      {
        name: 'Add captions',
        open: (p, s) => click(`Add captions to ${s.videoTitle}`)(p),
        dialog: /^Captions for /,
      },
      {
        name: 'Delete captions',
        open: (p, s) => click(`Delete English captions of ${s.videoTitle}`)(p),
        dialog: 'Delete captions',
      },
      {
        name: 'SCORM tab with a package',
        open: async (p, s) => {
          const card = p.getByRole('region', { name: s.scormSubTopicTitle })
          await card.getByRole('tab', { name: /SCORM/ }).click()
          await expect(card.getByRole('list', { name: 'SCORM packages' })).toContainText('Three parts')
        },
      },
      {
        name: 'Delete study material',
        open: async (p, s) => {
          await p
            .getByRole('tab', { name: /Study materials/ })
            .first()
            .click()
          await click(`Delete ${s.materialName} version 1`)(p)
        },
        dialog: 'Delete study material',
      },
    ],
  },
  {
    route: '/topic/add/$skillId',
    as: 'admin',
    url: (s) => `/topic/add/${s.skillId}`,
    dialogs: [{ name: 'Delete topic', open: click(/^Delete topic/), dialog: /Delete topic/ }],
  },
  {
    route: '/subtopic/$id',
    as: 'admin',
    url: (s) => `/subtopic/${s.subTopicIds[0]}`,
    dialogs: [{ name: 'Video player', open: (p, s) => click(`Play ${s.videoTitle}`)(p), dialog: 'Balancing both sides' }],
  },
  {
    route: '/subtopic-mcqs/$subTopicIds',
    as: 'admin',
    url: (s) => `/subtopic-mcqs/${s.subTopicIds.join(',')}`,
    dialogs: [
      { name: 'Edit question', open: click('Edit question 1') },
      { name: 'Delete question', open: click('Delete'), dialog: 'Delete question' },
    ],
  },
  {
    route: '/admin/package-assigner',
    as: 'admin',
    url: () => '/admin/package-assigner',
    dialogs: [
      { name: 'View assigned', open: click(/^View packages of Ada Access/), dialog: /Ada Access/ },
      { name: 'Assign', open: click(/^Assign packages to Ada Access/), dialog: /Ada Access/ },
    ],
  },
  { route: '/admin/package-to-user', as: 'admin', url: () => '/admin/package-to-user' },
  { route: '/admin/paginated-users', as: 'admin', url: () => '/admin/paginated-users' },
  {
    route: '/admin/import-users',
    as: 'admin',
    url: () => '/admin/import-users',
    dialogs: [
      {
        name: 'preview with row errors',
        open: async (p, s) => {
          await p
            .getByRole('form', { name: 'Import users' })
            .locator('input[type="file"]')
            .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(importCsv(s)) })
          await expect(p.getByRole('region', { name: 'Preview' }).getByRole('table', { name: 'Rows that will be skipped' })).toBeVisible()
        },
      },
      {
        name: 'result',
        open: async (p) => {
          await p.getByRole('form', { name: 'Import users' }).getByRole('button', { name: 'Import' }).click()
          await expect(p.getByRole('region', { name: 'Import result' }).getByRole('table', { name: 'Skipped rows' })).toBeVisible()
        },
      },
    ],
  },
  { route: '/user/list', as: 'admin', url: () => '/user/list' },
  {
    route: '/user/detail',
    as: 'admin',
    url: (s) => `/user/detail?id=${s.learner.user.id}`,
    dialogs: [{ name: 'Unassign package', open: (p, s) => click(`Unassign ${s.packageTitle}`)(p), dialog: 'Unassign package' }],
  },
  {
    route: '/groups/',
    as: 'admin',
    url: () => '/groups',
    dialogs: [
      { name: 'several groups', shows: (p) => p.getByRole('link', { name: /^Agency staff/ }) },
      {
        name: 'create with a blank name',
        open: async (p) => {
          await p.getByRole('form', { name: 'Create group' }).getByRole('button', { name: 'Create group' }).click()
          await expect(p.getByText('Name is required')).toBeVisible()
        },
      },
      { name: 'Rename group', open: (p, s) => click(`Rename ${s.groupName}`)(p), dialog: 'Rename group' },
      { name: 'Delete group', open: (p, s) => click(`Delete ${s.groupName}`)(p), dialog: 'Delete group' },
    ],
  },
  {
    route: '/groups/$id',
    as: 'admin',
    url: (s) => `/groups/${s.groupId}`,
    dialogs: [
      {
        name: 'members and packages with reminders',
        shows: (p) => p.getByText('Reminders: 7 days before, 1 day before, 1 day after'),
      },
      {
        name: 'Add members matches',
        open: async (p) => {
          await p.getByRole('searchbox', { name: 'Add members' }).fill('Crowd Member 2')
          await expect(p.getByRole('list', { name: 'Matching users' })).toBeVisible()
        },
      },
      { name: 'Remove member', open: click(/^Remove Ada Access/), dialog: 'Remove member' },
      { name: 'Unassign package', open: (p, s) => click(`Unassign ${s.packageTitle}`)(p), dialog: 'Unassign package' },
      {
        name: 'Edit due date',
        open: async (p, s) => {
          await click(`Edit due date of ${s.packageTitle}`)(p)
          await expect(p.getByRole('form', { name: `Due date of ${s.packageTitle}` })).toBeVisible()
        },
      },
    ],
  },
] as const satisfies readonly Screen[]

// The type check fails when a route of the route tree has no entry above.
type Unswept = Exclude<keyof FileRoutesByFullPath, (typeof SCREENS)[number]['route']>
const everyRouteSwept: [Unswept] extends [never] ? true : Unswept = true
void everyRouteSwept

/** A11Y_ONLY=<regex> sweeps only the screens whose name matches (a change's own entries); unset, every screen. */
const ONLY = process.env.A11Y_ONLY ? new RegExp(process.env.A11Y_ONLY) : null
const SWEPT = (SCREENS as readonly Screen[]).filter((screen) => !ONLY || ONLY.test(screen.label ?? screen.route))
/** A11Y_SHOTS=<directory> also keeps a screenshot of every state swept, in each theme, under <directory>/<width>/. */
const SHOTS = process.env.A11Y_SHOTS ? path.resolve(process.env.A11Y_SHOTS) : null
const fileName = (state: string) => state.replace(/[^\w]+/g, '-').replace(/^-|-$/g, '')

const WIDTHS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const
type Width = keyof typeof WIDTHS
const THEMES = ['light', 'dark'] as const
type Theme = (typeof THEMES)[number]

interface Finding {
  screen: string
  rule: string
  impact: string
  nodes: number
  targets: string[]
  summary: string
}

const unreachable = (screen: string, error: unknown): Finding => ({
  screen,
  rule: 'sweep-could-not-check',
  impact: 'n/a',
  nodes: 0,
  targets: [],
  summary: (error instanceof Error ? error.message : String(error)).split('\n')[0]!,
})

async function settle(page: Page) {
  // The viewer's video and heartbeats may keep the network busy: idle is waited for briefly, not required.
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined)
  await page.evaluate(async () => {
    await document.fonts.ready
    // Infinite ones (skeletons, spinners) never finish: only the finite ones are waited for.
    const finite = document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
  })
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

async function audit(page: Page, screen: string, findings: Finding[], counts: Record<string, number>) {
  await settle(page)
  // Only violations are read: axe then details no passing or inapplicable node (every rule still runs on every node),
  // which took a quarter of the sweep's axe time on pages of this size.
  // options() replaces the builder's options, tags included: it comes first, or axe would run its default rule set
  // (without target-size, WCAG 2.2's 2.5.8).
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
  // A page without frames is analysed by axe.run in the page itself (legacy mode): the default runs axe per frame and
  // joins the results in a blank page it opens and loads axe into, which took 3 to 7 times as long as the analysis. A
  // page with frames (the SCORM player's, on another origin, which legacy mode would skip) keeps the default.
  if (page.frames().length === 1) builder.setLegacyMode()
  const { violations } = await builder.analyze()
  counts[screen] = violations.reduce((sum, v) => sum + v.nodes.length, 0)
  if (counts[screen]) console.log(`a11y: ${screen}: ${counts[screen]} (${violations.map((v) => v.id).join(', ')})`)
  for (const v of violations) {
    findings.push({
      screen,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? v.help,
    })
  }
}

async function contextFor(browser: Browser, baseURL: string, role: Role, width: Width, seed: A11ySeed) {
  const sessions: Record<Role, Session | undefined> = {
    guest: undefined,
    learner: seed.learner,
    newcomer: seed.newcomer,
    admin: seed.admin,
  }
  const session = sessions[role]
  return browser.newContext({
    baseURL,
    viewport: WIDTHS[width],
    serviceWorkers: 'block',
    // The theme honours reduced motion: dialogs open without a fade that axe could catch half-way.
    reducedMotion: 'reduce',
    storageState: signedInStorage(baseURL, session),
  })
}

/**
 * The sweep's seed, and one page a worker keeps while the tests it takes share a role and width (they come in SCREENS
 * order, one width after the other).
 */
const test = base.extend<object, { seed: A11ySeed; pageAs: (role: Role, width: Width) => Promise<Page> }>({
  seed: [
    // Made once a run (shared-seed.ts), usually by the CSP spec while the other workers run journeys.
    async ({ browser: _ }, use) => use(await sharedA11ySeed()),
    { scope: 'worker', timeout: 420_000 },
  ],
  pageAs: [
    async ({ browser, seed }, use) => {
      let current: { key: string; context: BrowserContext } | undefined
      await use(async (role, width) => {
        const key = `${role} ${width}`
        if (current?.key !== key) {
          await current?.context.close()
          current = { key, context: await contextFor(browser, process.env.E2E_BASE_URL!, role, width, seed) }
          await current.context.newPage()
        }
        return current.context.pages()[0]!
      })
      await current?.context.close()
    },
    { scope: 'worker' },
  ],
})

test.describe('accessibility @a11y', () => {
  // One test per screen and width: the workers share them out.
  test.describe.configure({ mode: 'parallel' })
  // A control that is missing must fail its step quickly, not hold the sweep until the test's timeout.
  test.use({ actionTimeout: 10_000, navigationTimeout: 30_000 })

  for (const width of Object.keys(WIDTHS) as Width[]) {
    for (const screen of SWEPT) {
      const screenName = screen.label ?? screen.route
      test(`${WIDTHS[width].width} px: ${screenName} has no axe violations in light and dark`, async ({ seed, pageAs }) => {
        // Up to ten states, each analysed in both themes, on a busy two-core machine.
        test.setTimeout(600_000)
        const findings: Record<Theme, Finding[]> = { light: [], dark: [] }
        const counts: Record<Theme, Record<string, number>> = { light: {}, dark: {} }
        const page = await pageAs(screen.as, width)
        // Each state is analysed in the theme the page shows, then in the other one; the next state starts from that.
        const auditBothThemes = async (state: string) => {
          const shown: Theme = (await page.locator('html').getAttribute('data-mantine-color-scheme')) === 'dark' ? 'dark' : 'light'
          for (const theme of [shown, shown === 'light' ? 'dark' : 'light'] as const) {
            await switchTheme(page, theme)
            await audit(page, state, findings[theme], counts[theme])
            if (SHOTS) await page.screenshot({ path: path.join(SHOTS, String(WIDTHS[width].width), `${fileName(state)}.${theme}.png`) })
          }
        }
        try {
          // A screen that cannot be reached or a dialog that does not open is a finding too; the sweep goes on.
          const steps = (screen.dialogs ?? []).filter((step) => !step.only || step.only === width)
          let reached = false
          try {
            await page.goto(screen.url(seed))
            await expect(page.getByRole('heading').first()).toBeVisible()
            // What the screen shows with its data comes first, so that the screen's analysis covers all of it; one that
            // does not show is a finding, and the screen is analysed all the same.
            for (const step of steps) {
              if (!('shows' in step)) continue
              try {
                await expect(step.shows(page).first()).toBeVisible()
              } catch (error) {
                findings.light.push(unreachable(`${screenName} [${step.name}]`, error))
              }
            }
            await auditBothThemes(screenName)
            reached = true
          } catch (error) {
            findings.light.push(unreachable(screenName, error))
          }
          for (const step of reached ? steps : []) {
            if (!('open' in step)) continue
            const name = `${screenName} [${step.name}]`
            try {
              await step.open(page, seed)
              if (step.dialog) await expect(page.getByRole('dialog', { name: step.dialog })).toBeVisible()
              await auditBothThemes(name)
              if (step.dialog) {
                await page.keyboard.press('Escape')
                await expect(page.getByRole('dialog')).toHaveCount(0)
              }
            } catch (error) {
              findings.light.push(unreachable(name, error))
              await page.keyboard.press('Escape')
            }
          }
        } finally {
          const out = path.resolve(import.meta.dirname, '../../test-results/a11y', String(WIDTHS[width].width))
          mkdirSync(out, { recursive: true })
          writeFileSync(path.join(out, `${fileName(screenName)}.json`), JSON.stringify({ counts, findings }, null, 2))
        }
        expect([...findings.light, ...findings.dark], JSON.stringify(findings, null, 2)).toEqual([])
      })
    }
  }
})
