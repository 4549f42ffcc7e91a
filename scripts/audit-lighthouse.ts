/**
 * `npm run audit:lighthouse`: Lighthouse (from npm) with Debian's Chromium on the landing, learner home, package viewer
 * and test screens, mobile and desktop presets, cold cache. Not part of CI: it prints a table of the scores.
 *
 * A fresh server on a temporary data directory (the one tests/e2e/run.ts starts) is seeded through the API with a
 * package (one skill, topic, sub-topic, video and two questions) assigned to a learner. Each audit gets a new Chromium
 * profile. The authenticated screens read the session from localStorage as the SPA stores it: it is written on a
 * non-SPA page of the origin first (so no SPA asset is cached), and Lighthouse's own storage reset clears the caches but
 * keeps localStorage (its default `clearStorageTypes`).
 *
 * Options: --only=<screen name substring>, --preset=mobile|desktop, --json=<file> to keep the raw scores,
 * --lhr=<directory> to keep each screen's whole Lighthouse result (long tasks, main-thread breakdown, LCP element...)
 * and its trace.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { desktopConfig, type Config } from 'lighthouse'
import puppeteer from 'puppeteer-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'
import { buildIfNeeded, type RunningServer, root, startServer, stopServers } from '../tests/e2e/server-process.ts'

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
const CATEGORIES = ['accessibility', 'best-practices', 'performance'] as const
const ADMIN = { email: 'admin@audit.test', password: 'audit-admin-password-1' }
const LEARNER = { name: 'Audit Learner', email: 'learner@audit.test', password: 'audit-learner-password-1' }

interface Session {
  token: string
  user: { id: number; role: string }
}
interface Screen {
  name: string
  path: string
  session?: Session
}
type Preset = 'mobile' | 'desktop'
interface Row {
  screen: string
  preset: Preset
  scores: Record<(typeof CATEGORIES)[number], number | null>
  failing: string[]
  /** Set when every attempt failed (e.g. a DevTools protocol timeout on a busy machine). */
  error?: string
  /** Lighthouse's runtime error on the last attempt, when it still scored the categories. */
  note?: string
  /** What the performance score is made of: paint times and blocking time in ms, layout shift unitless. */
  metrics?: Record<string, number | null>
}

/** The performance metrics that weigh in the score, by the name printed. */
const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  SI: 'speed-index',
  CLS: 'cumulative-layout-shift',
} as const

/** The first of an audit's items, shortened: what to fix (e.g. which issue type the DevTools Issues panel logged). */
function detailOf(details: unknown): string {
  const items = (details as { items?: unknown[] } | undefined)?.items
  return items?.length ? ` (${JSON.stringify(items[0]).slice(0, 300)})` : ''
}

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]

async function call<T>(base: string, method: string, url: string, body: unknown, token?: string): Promise<T> {
  const isForm = body instanceof FormData
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(isForm ? {} : { 'Content-Type': 'application/json' }) },
    body: isForm ? body : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { data: T }).data
}

/** The data the audited screens show; returns the learner's session and the ids in the screens' URLs. */
async function seed(base: string) {
  const staff = await call<Session>(base, 'POST', '/oauth2/loginUser', ADMIN)
  const pkg = await call<{ id: number; skills: { id: number }[] }>(
    base,
    'POST',
    '/packages/createPackage',
    {
      title: 'Acoustic Guitar Basics',
      description: 'Chords, strumming and timing: play your first songs in four weeks.',
      price: '2499.00',
      skills: [{ title: 'Chords', description: 'Open major and minor chords.', price: '999.00' }],
    },
    staff.token,
  )
  const skill = await call<{ topics: { subTopics: { id: number }[] }[] }>(
    base,
    'PUT',
    `/topic/by-skill/${pkg.skills[0]!.id}`,
    {
      topics: [
        { title: 'Open chords', description: 'The first shapes.', subTopics: [{ title: 'Major chords', description: 'C, G and D.' }] },
      ],
    },
    staff.token,
  )
  const subTopicId = skill.topics[0]!.subTopics[0]!.id
  const fixtures = path.join(root, 'tests/e2e/fixtures')
  const form = new FormData()
  form.set('title', 'C, G and D')
  form.set('video', new Blob([readFileSync(path.join(fixtures, 'clip.mp4'))], { type: 'video/mp4' }), 'clip.mp4')
  form.set('thumbnail', new Blob([readFileSync(path.join(fixtures, 'thumbnail.png'))], { type: 'image/png' }), 'thumbnail.png')
  await call(base, 'POST', `/videos/upload/${subTopicId}`, form, staff.token)
  for (const [question, options, correctOption] of [
    ['Which chord has the notes C, E and G?', { A: 'C major', B: 'A minor', C: 'G major', D: 'E minor' }, 'A'],
    ['Which of these are major chords?', { A: 'G', B: 'Am', C: 'D', D: 'Em' }, 'A,C'],
  ] as const) {
    await call(base, 'POST', '/mcqs/create', { subTopicId, question, options: JSON.stringify(options), correctOption }, staff.token)
  }
  await call(base, 'POST', '/oauth2/registerUser', LEARNER)
  const learner = await call<Session>(base, 'POST', '/oauth2/loginUser', { email: LEARNER.email, password: LEARNER.password })
  await call(base, 'PUT', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] }, staff.token)
  return { learner, packageId: pkg.id, subTopicId }
}

/** Writes the session into localStorage from a page of the origin that is not the SPA, so nothing of the SPA is cached. */
async function storeSession(port: number, base: string, session: Session) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` })
  try {
    const page = await browser.newPage()
    await page.goto(`${base}/api/oauth2/hello`)
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', token)
      localStorage.setItem('role', user.role ?? 'USER')
      localStorage.setItem('user', JSON.stringify(user))
    }, session)
    await page.close()
  } finally {
    await browser.disconnect()
  }
}

async function audit(base: string, screen: Screen, preset: Preset, lastAttempt: boolean): Promise<Row> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS })
  try {
    if (screen.session) await storeSession(chrome.port, base, screen.session)
    const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined
    const result = await lighthouse(
      `${base}${screen.path}`,
      // 'charset' is skipped: it is the only audit that reads the main document's body, with a 1 s protocol limit
      // that a busy machine misses (a runtime error for the whole run). index.html declares <meta charset="UTF-8"> first.
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], skipAudits: ['charset'] },
      config,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${screen.path}`)
    const { categories, audits, runtimeError, finalDisplayedUrl } = result.lhr
    // A protocol call that timed out on a busy machine (e.g. reading the main document's body, with a 1 s limit)
    // is a runtime error though the categories are scored: retried, and on the last attempt reported with a note.
    const note = runtimeError ? `${runtimeError.code} ${runtimeError.message}` : undefined
    if (note && !lastAttempt) throw new Error(`${screen.path}: ${note}`)
    if (!finalDisplayedUrl.endsWith(screen.path)) throw new Error(`${screen.path} ended on ${finalDisplayedUrl} (not signed in?)`)
    const lhrDir = option('lhr')
    if (lhrDir) {
      mkdirSync(lhrDir, { recursive: true })
      const file = `${screen.name.toLowerCase().replaceAll(' ', '-')}-${preset}.json`
      writeFileSync(path.join(lhrDir, file), JSON.stringify(result.lhr))
      // The page load's trace as Lighthouse recorded it (open it in the DevTools Performance panel).
      const trace = (result.artifacts as { Trace?: unknown }).Trace
      if (trace) writeFileSync(path.join(lhrDir, file.replace(/\.json$/, '.trace.json')), JSON.stringify(trace))
    }
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, categories[id]?.score == null ? null : Math.round(categories[id].score * 100)]),
    ) as Row['scores']
    // What keeps accessibility and best practices under 100.
    const failing = (['accessibility', 'best-practices'] as const).flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id}${detailOf(audits[ref.id]?.details)}`),
    )
    const errored = Object.values(audits)
      .filter((a) => a.scoreDisplayMode === 'error')
      .map((a) => `errored: ${a.id}`)
    const metrics = Object.fromEntries(
      Object.entries(METRICS).map(([name, id]) => {
        const value = audits[id]?.numericValue
        return [name, value == null ? null : name === 'CLS' ? Number(value.toFixed(3)) : Math.round(value)]
      }),
    )
    return { screen: screen.name, preset, scores, failing: [...failing, ...errored], note, metrics }
  } finally {
    chrome.kill()
  }
}

/** A busy machine can make Lighthouse time out on a protocol call: each audit gets three attempts before it is reported as failed. */
async function auditWithRetries(base: string, screen: Screen, preset: Preset): Promise<Row> {
  let error = ''
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      return await audit(base, screen, preset, attempt === 3)
    } catch (e) {
      error = e instanceof Error ? e.message : String(e)
      console.log(`audit: ${screen.name} (${preset}) attempt ${attempt} failed: ${error}`)
    }
  }
  return { screen: screen.name, preset, scores: { accessibility: null, 'best-practices': null, performance: null }, failing: [], error }
}

function printTable(rows: Row[]) {
  const header = ['Screen', 'Preset', 'Accessibility', 'Best practices', 'Performance']
  const lines = rows.map((r) => [
    r.note ? `${r.screen} *` : r.screen,
    r.preset,
    String(r.scores.accessibility ?? '–'),
    String(r.scores['best-practices'] ?? '–'),
    String(r.scores.performance ?? '–'),
  ])
  console.log(`\n| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`)
  for (const line of lines) console.log(`| ${line.join(' | ')} |`)
  for (const r of rows.filter((row) => row.error)) console.log(`\n${r.screen} (${r.preset}) failed: ${r.error}`)
  for (const r of rows.filter((row) => row.note)) console.log(`\n${r.screen} (${r.preset}) scored despite: ${r.note}`)
  const failing = rows.filter((r) => r.failing.length > 0)
  if (failing.length > 0) {
    console.log('\nAudits below 100:')
    for (const r of failing) console.log(`- ${r.screen} (${r.preset}): ${r.failing.join(', ')}`)
  }
}

const servers: RunningServer[] = []
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void stopServers(servers, false).finally(() => process.exit(130))
  })
}
let exitCode = 0
try {
  await buildIfNeeded('audit')
  const server = await startServer('audit', { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, servers)
  const { learner, packageId, subTopicId } = await seed(server.url)
  const screens: Screen[] = [
    { name: 'Landing', path: '/' },
    { name: 'Learner home', path: '/user/my-dashboard', session: learner },
    { name: 'Package viewer', path: `/topics/${packageId}`, session: learner },
    { name: 'Test', path: `/mcq-test/${subTopicId}`, session: learner },
  ].filter((s) => !option('only') || s.name.toLowerCase().includes(option('only')!.toLowerCase()))
  const presets: Preset[] = option('preset') ? [option('preset') as Preset] : ['mobile', 'desktop']
  const rows: Row[] = []
  for (const preset of presets) {
    for (const screen of screens) {
      console.log(`audit: ${screen.name} (${preset})…`)
      const row = await auditWithRetries(server.url, screen, preset)
      console.log(
        `audit: ${screen.name} (${preset}): ${JSON.stringify(row.scores)} ${JSON.stringify(row.metrics ?? {})}${row.failing.length ? ` below 100: ${row.failing.join(', ')}` : ''}`,
      )
      rows.push(row)
    }
  }
  printTable(rows)
  const json = option('json')
  if (json) writeFileSync(json, JSON.stringify(rows, null, 2))
  if (rows.some((r) => r.error)) exitCode = 1
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  exitCode = 1
} finally {
  await stopServers(servers, exitCode !== 0)
}
process.exit(exitCode)
