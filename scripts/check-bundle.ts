/**
 * Bundle budget, measured in the browser: builds the SPA, starts the real server on a temporary data directory,
 * opens routes in Chromium with a cold cache and counts every script and stylesheet each one requests until the
 * network is idle: bytes on the wire (what the server sent, after any Content-Encoding) and gzip size (level 9).
 *
 * Four screens are held to a budget of gzip JS and of script requests (fails above either; each goal is printed
 * beside its budget): '/' (the landing screen, signed out), and, signed in as a seeded learner, the learner home,
 * the package viewer and the test screen with its intro card. '/' is also held to 35 kB of gzip CSS. '/' signed out
 * is the landing entry and the sign-in panel's chunk, without the router and Query; the signed-in screens load the app
 * chunk after the entry (see the comment above BUDGETS for what each chunk holds). A signed-in screen also fails when a
 * script it loads was not named in its HTML (the route's modulepreload tags), bar the chunks the entry loads on demand.
 *
 *   npm run check:bundle                  (builds first)
 *   npm run check:bundle -- --no-build    (measures the existing dist/)
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type Page } from 'playwright-core'
import { ROOT, api, startServer, type RunningServer } from '../bench/support.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

const KB = 1024

/** What a screen may load: gzip JS and script requests; `goal` is the target when the budget is above it. */
interface Budget {
  js: number
  scripts: number
  goal: { js: number; scripts: number }
}

// Budgets are what was reached (measured on 28 Nov 2026) plus about 1.5 kB; the goals are the targets. Where the bytes
// go (gzip, level 9): '/' signed out loads React DOM with the scheduler and the hono client (67.6 kB), the entry chunk
// (Mantine's provider and the inputs and buttons the landing and the learner's screens share, the toast and call
// helpers) and the sign-in panel's chunk, and nothing else (src/Root.tsx). A signed-in screen adds the app chunk
// (TanStack Router 22 kB and Query 11 kB, the route tree, and the learner home's, viewer's and test screen's loaders
// with their query options, so that a screen's data is asked for while its chunks download), the shell chunk (the top
// bar, the sidebar's links, the bell and what two or more of the learner's screens share), the fetch wrapper (0.5 kB)
// and its own chunk (home 8.5, test 5.4, viewer 15.1 kB). The page frame, the sidebar's entries, the avatar and the
// viewer's outline are plain elements and CSS, tables and lists scroll natively, the theme's CSS variables are a
// stylesheet made at build time, and the staff's sidebar entries, the notification list, tooltips, the dialogs (Modal
// and their bodies), floating-ui, Mantine's Transition, the transcript and a test's sitting load on first use, not with
// the screen.
const GOAL = { landing: { js: 100 * KB, scripts: 15 }, signedIn: { js: 150 * KB, scripts: 15 } }
const BUDGETS: Record<'landing' | 'learnerHome' | 'viewer' | 'test', Budget> = {
  landing: { js: 97 * KB, scripts: 15, goal: GOAL.landing },
  learnerHome: { js: 156 * KB, scripts: 15, goal: GOAL.signedIn },
  viewer: { js: 162.5 * KB, scripts: 15, goal: GOAL.signedIn },
  test: { js: 153 * KB, scripts: 15, goal: GOAL.signedIn },
}
const LANDING_CSS_BUDGET = 35 * KB

interface Asset {
  url: string
  type: 'script' | 'stylesheet'
  wire: number
  gzip: number
}

interface Load {
  route: string
  assets: Asset[]
}

interface Session {
  token: string
  user: unknown
}

/**
 * A learner holding a package of one skill, topic and sub-topic with a video, two questions and test settings: what
 * the learner home, the viewer and the test screen show.
 */
async function seedLearner(server: RunningServer): Promise<{ session: Session; packageId: number; subTopicId: number }> {
  const { base, token } = server
  const pkg = await api<{ id: number; skills: { id: number }[] }>(
    base,
    'POST',
    '/api/packages/createPackage',
    {
      title: 'Bundle check package',
      description: 'A package for measuring the learner routes.',
      price: '10.00',
      skills: [{ title: 'Measuring', description: 'What the browser loads.', price: '5.00' }],
    },
    token,
  )
  const saved = await api<{ topics: { subTopics: { id: number }[] }[] }>(
    base,
    'PUT',
    `/api/topic/by-skill/${pkg.skills[0]!.id}`,
    { topics: [{ title: 'Bytes', description: 'On the wire.', subTopics: [{ title: 'Scripts', description: 'And styles.' }] }] },
    token,
  )
  const subTopicId = saved.topics[0]!.subTopics[0]!.id
  const fixtures = path.join(ROOT, 'tests/e2e/fixtures')
  const body = new FormData()
  body.append('title', 'A short clip')
  body.append('video', new Blob([readFileSync(path.join(fixtures, 'clip.mp4'))], { type: 'video/mp4' }), 'clip.mp4')
  body.append('thumbnail', new Blob([readFileSync(path.join(fixtures, 'thumbnail.png'))], { type: 'image/png' }), 'thumbnail.png')
  const upload = await fetch(`${base}/api/videos/upload/${subTopicId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  })
  if (upload.status !== 201) throw new Error(`Video upload answered ${upload.status}: ${await upload.text()}`)
  for (const [question, correctOption] of [
    ['Which request carries the entry script?', 'A'],
    ['Which of these are compressed on the wire?', 'A,C'],
  ] as const) {
    const options = JSON.stringify({ A: 'Scripts', B: 'Nothing', C: 'Styles', D: 'Neither' })
    await api(base, 'POST', '/api/mcqs/create', { subTopicId, question, options, correctOption }, token)
  }
  await api(base, 'PUT', `/api/subTopic/${subTopicId}/test-settings`, { passMark: 50, maxAttempts: 3, timeLimitMinutes: 10 }, token)

  const learner = { name: 'Bundle Learner', email: 'bundle-learner@example.com', password: 'bundle-learner-password-1' }
  await api(base, 'POST', '/api/oauth2/registerUser', learner)
  const session = await api<Session & { user: { id: number } }>(base, 'POST', '/api/oauth2/loginUser', {
    email: learner.email,
    password: learner.password,
  })
  await api(base, 'PUT', `/api/user/${session.user.id}/assign-packages`, { packageIds: [pkg.id] }, token)
  return { session, packageId: pkg.id, subTopicId }
}

/** What says a route has rendered (on a busy machine the network can pause before its lazy chunks are asked for). */
type Ready = (page: Page) => Promise<void>
const QUIET_MS = 1000

/** Resolves once no request has been in flight for QUIET_MS. */
async function networkQuiet(page: Page) {
  let inFlight = 0
  let last = Date.now()
  const start = () => {
    inFlight++
    last = Date.now()
  }
  const end = () => {
    inFlight--
    last = Date.now()
  }
  page.on('request', start)
  page.on('requestfinished', end)
  page.on('requestfailed', end)
  await page.waitForLoadState('networkidle')
  while (inFlight > 0 || Date.now() - last < QUIET_MS) await page.waitForTimeout(100)
  page.off('request', start)
  page.off('requestfinished', end)
  page.off('requestfailed', end)
}

/**
 * Opens `route` in a fresh context (cold cache), waits until it has rendered and the network is quiet, and measures
 * every script and stylesheet it requested.
 */
async function measure(browser: Browser, base: string, route: string, ready: Ready, session?: Session): Promise<Load> {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  if (session) {
    await context.addInitScript(({ token, user }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('role', 'USER')
      localStorage.setItem('user', JSON.stringify(user))
    }, session)
  }
  const page = await context.newPage()
  const pending: Promise<Asset | null>[] = []
  page.on('requestfinished', (request) => {
    const type = request.resourceType()
    if (type !== 'script' && type !== 'stylesheet') return
    pending.push(
      (async () => {
        const response = await request.response()
        if (!response) return null
        const [sizes, body] = await Promise.all([request.sizes(), response.body()])
        return { url: new URL(request.url()).pathname, type, wire: sizes.responseBodySize, gzip: gzipSync(body, { level: 9 }).length }
      })(),
    )
  })
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${base}${route}`)
  await ready(page).catch((error: unknown) => {
    throw new Error(
      `${route} did not render: ${error instanceof Error ? error.message : error}; page errors: ${errors.join(' | ') || 'none'}`,
    )
  })
  await networkQuiet(page)
  const landed = new URL(page.url()).pathname
  if (landed !== route) throw new Error(`${route} landed on ${landed}`)
  // Bodies are read as requests finish; wait for every one, including any that finished while waiting.
  const results: (Asset | null)[] = []
  while (results.length < pending.length) results.push(...(await Promise.all(pending.slice(results.length))))
  await context.close()
  const assets = results.filter((a): a is Asset => a !== null)
  return { route, assets }
}

/**
 * The chunks the entry imports only on demand (the fetch wrapper, sonner, the Google button), bar the app chunk: a
 * signed-in screen's HTML need not name them (server/http/spa-preload.ts).
 */
function onDemandChunks(): Set<string> {
  type Entry = { file: string; name?: string; dynamicImports?: string[] }
  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist/.vite/manifest.json'), 'utf8')) as Record<string, Entry>
  const chunks = (manifest['index.html']?.dynamicImports ?? []).map((key) => manifest[key]!)
  return new Set(chunks.filter((chunk) => chunk.name !== 'app').map((chunk) => `/${chunk.file}`))
}

/** The scripts a screen loaded that its HTML did not name (neither the entry's tags nor the route's preloads). */
async function notPreloaded(base: string, load: Load, onDemand: Set<string>): Promise<string[]> {
  const html = await (await fetch(`${base}${load.route}`)).text()
  const named = new Set([...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!))
  return load.assets.filter((a) => a.type === 'script' && !named.has(a.url) && !onDemand.has(a.url)).map((a) => a.url)
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`
const total = (assets: Asset[], type: Asset['type'], field: 'wire' | 'gzip') =>
  assets.filter((a) => a.type === type).reduce((sum, a) => sum + a[field], 0)

function summary(load: Load) {
  const scripts = load.assets.filter((a) => a.type === 'script')
  return {
    scripts: scripts.length,
    'JS wire': kb(total(load.assets, 'script', 'wire')),
    'JS gzip': kb(total(load.assets, 'script', 'gzip')),
    stylesheets: load.assets.length - scripts.length,
    'CSS wire': kb(total(load.assets, 'stylesheet', 'wire')),
    'CSS gzip': kb(total(load.assets, 'stylesheet', 'gzip')),
  }
}

interface Screen {
  name: string
  route: string
  ready: Ready
  budget: Budget
  signedIn: boolean
}

function report(screen: Screen, load: Load): boolean {
  const scripts = load.assets.filter((a) => a.type === 'script')
  const js = total(load.assets, 'script', 'gzip')
  const { budget } = screen
  const goal = (met: boolean, text: string) => (met ? `goal ${text}: met` : `goal ${text}`)
  console.log(
    `${screen.name.padEnd(16)} JS ${kb(js).padStart(9)} gzip / budget ${kb(budget.js)} (${goal(js <= budget.goal.js, kb(budget.goal.js))})` +
      `  scripts ${String(scripts.length).padStart(2)} / budget ${budget.scripts} (${goal(scripts.length <= budget.goal.scripts, String(budget.goal.scripts))})`,
  )
  return js <= budget.js && scripts.length <= budget.scripts
}

async function main() {
  if (!process.argv.includes('--no-build'))
    execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' })
  const server = await startServer()
  let browser: Browser | undefined
  try {
    const { session, packageId, subTopicId } = await seedLearner(server)
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const visible = (locate: (page: Page) => ReturnType<Page['locator']>) => (page: Page) =>
      locate(page).waitFor({ state: 'visible', timeout: 60_000 })
    const screens: Screen[] = [
      {
        name: "'/' (landing)",
        route: '/',
        ready: visible((page) => page.getByRole('form', { name: 'Sign in' })),
        budget: BUDGETS.landing,
        signedIn: false,
      },
      {
        name: 'learner home',
        route: '/user/my-dashboard',
        ready: visible((page) => page.getByRole('heading', { level: 1 })),
        budget: BUDGETS.learnerHome,
        signedIn: true,
      },
      {
        name: 'package viewer',
        route: `/topics/${packageId}`,
        ready: visible((page) => page.getByText('A short clip').first()),
        budget: BUDGETS.viewer,
        signedIn: true,
      },
      {
        name: 'test (intro)',
        route: `/mcq-test/${subTopicId}`,
        ready: visible((page) => page.getByRole('button', { name: 'Start test' })),
        budget: BUDGETS.test,
        signedIn: true,
      },
    ]
    const loads: Load[] = []
    for (const screen of screens)
      loads.push(await measure(browser, server.base, screen.route, screen.ready, screen.signedIn ? session : undefined))

    for (const [i, load] of loads.entries()) {
      console.log(`\nWhat ${screens[i]!.name} (${load.route}) loads in Chromium until the network is idle (cold cache):`)
      for (const asset of [...load.assets].sort((a, b) => b.gzip - a.gzip))
        console.log(`  ${asset.url.padEnd(56)} wire ${kb(asset.wire).padStart(9)}  gzip ${kb(asset.gzip).padStart(9)}`)
    }
    console.log('\nFirst load by route (cold cache, every script and stylesheet until the network is idle):')
    console.table(Object.fromEntries(loads.map((load, i) => [`${screens[i]!.name} ${load.route}`, summary(load)])))
    const within = screens.map((screen, i) => report(screen, loads[i]!))
    const css = total(loads[0]!.assets, 'stylesheet', 'gzip')
    console.log(`'/' CSS ${kb(css)} gzip / budget ${kb(LANDING_CSS_BUDGET)}`)
    const onDemand = onDemandChunks()
    for (const [i, screen] of screens.entries()) {
      if (!screen.signedIn) continue
      const missing = await notPreloaded(server.base, loads[i]!, onDemand)
      console.log(`${screen.name.padEnd(16)} scripts its HTML does not preload: ${missing.join(', ') || 'none'}`)
      if (missing.length > 0) within.push(false)
    }
    if (within.includes(false) || css > LANDING_CSS_BUDGET) {
      console.error('Bundle budget exceeded.')
      process.exitCode = 1
    } else console.log('Bundle budget: OK')
  } catch (err) {
    console.error(`Server output:\n${server.output()}`)
    throw err
  } finally {
    await browser?.close()
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
