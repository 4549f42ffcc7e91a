import AxeBuilder from '@axe-core/playwright'
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test'
import type { ScormPackage } from '../../contract/content.ts'
import type { PackageProgress } from '../../contract/progress.ts'
import { copyFileSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { hostilePackage, multiScoPackage, singleScoPackage } from '../../server/test/scorm-packages.ts'
import { admin, api, auth, loginViaApi, newLearner, registerViaApi, storeSession, type Session } from './support.ts'

/**
 * SCORM in Chromium against the real server: the admin uploads a SCORM 1.2 and a SCORM 2004 4th-edition package
 * through Upload Content; the learner opens each in the viewer (the launcher and scorm-again on the content origin),
 * the SCO sets a score and completion and suspends; after Exit and relaunch the SCO starts with entry 'resume' and
 * its suspend_data and location; the lesson's video comes from the package in ranges (206); the outline and the
 * progress API show the sub-topics complete, and the admin's learners table on /reports shows each SCO's status and
 * score. A multi-SCO package lists its parts in the viewer and opens the one chosen. A hostile package finds no
 * learner token in any storage it can reach, and its API calls fail.
 */

const SUB_TOPICS = ['Safety in 1.2', 'Safety in 2004', 'Untrusted content', 'Multi-part course'] as const

let staff: Session
let learner: Session
let packageId: number
let skillId: number
let subTopicIds: Record<(typeof SUB_TOPICS)[number], number>
let multiScorm: ScormPackage

test.beforeAll(async ({ request }) => {
  staff = await loginViaApi(request, admin.email, admin.password)
  const pkg = await api<{ id: number; skills: { id: number }[] }>(request, staff, 'post', '/packages/createPackage', {
    title: 'SCORM Journey',
    description: 'Packages bought elsewhere.',
    price: '10.00',
    skills: [{ title: 'Compliance', description: 'Bought-in courses.', price: '5.00' }],
  })
  packageId = pkg.id
  skillId = pkg.skills[0]!.id
  const saved = await api<{ topics: { subTopics: { id: number; title: string }[] }[] }>(
    request,
    staff,
    'put',
    `/topic/by-skill/${skillId}`,
    {
      topics: [
        { title: 'Bought-in courses', description: 'SCORM.', subTopics: SUB_TOPICS.map((title) => ({ title, description: title })) },
      ],
    },
  )
  const byTitle = Object.fromEntries(saved.topics[0]!.subTopics.map((s) => [s.title, s.id]))
  subTopicIds = byTitle as typeof subTopicIds
  const credentials = newLearner('Scorm')
  await registerViaApi(request, credentials)
  learner = await loginViaApi(request, credentials.email, credentials.password)
  await api(request, staff, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
  const multi = await request.post(`/api/subTopic/${subTopicIds['Multi-part course']}/scorm`, {
    headers: auth(staff),
    multipart: { file: { name: 'three-parts.zip', mimeType: 'application/zip', buffer: multiScoPackage() } },
  })
  expect(multi.status(), await multi.text()).toBe(201)
  multiScorm = ((await multi.json()) as { data: ScormPackage }).data
})

async function uploadThroughUi(page: Page, subTopic: string, name: string, zip: Buffer, expected: { title: string; version: string }) {
  const card = page.getByRole('region', { name: subTopic })
  await card.getByRole('tab', { name: /SCORM/ }).click()
  const form = card.getByRole('form', { name: /Upload a SCORM package/ })
  await form.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/zip', buffer: zip })
  await form.getByRole('button', { name: 'Upload SCORM package' }).click()
  const result = form.getByRole('status').filter({ hasText: expected.title })
  await expect(result).toContainText(`${expected.title} · SCORM ${expected.version}`)
  await expect(result).toContainText('1 SCO')
  await expect(card.getByRole('list', { name: 'SCORM packages' })).toContainText(expected.title)
}

/** The SCO's page: inside the launcher (content origin) inside the viewer's frame. */
const scoFrame = (page: Page, packageTitle: string): FrameLocator =>
  page.frameLocator(`iframe[title^="${packageTitle}"]`).frameLocator('#sco')

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const outlineEntry = (page: Page, title: string) => page.getByRole('button', { name: new RegExp(`^${escapeRegExp(title)}`) })

async function progressOf(request: APIRequestContext) {
  const progress = await api<PackageProgress>(request, learner, 'get', `/progress/packages/${packageId}`)
  return progress.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics))
}

test('SCORM 1.2 and 2004 packages upload, play, suspend, resume and complete; a hostile package is contained', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(120_000)
  const packages = [
    { subTopic: SUB_TOPICS[0], edition: '1.2' as const, title: 'Safety basics (SCORM 1.2)', version: '1.2' },
    { subTopic: SUB_TOPICS[1], edition: '2004-4' as const, title: 'Safety basics (SCORM 2004)', version: '2004' },
  ]

  // --- the admin uploads both through Upload Content
  await storeSession(page, staff)
  await page.goto(`/skill/${skillId}/topics`)
  for (const p of packages) {
    await uploadThroughUi(page, p.subTopic, `${p.edition}.zip`, singleScoPackage(p.edition), p)
  }
  const hostile = await request.post(`/api/subTopic/${subTopicIds['Untrusted content']}/scorm`, {
    headers: auth(staff),
    multipart: { file: { name: 'hostile.zip', mimeType: 'application/zip', buffer: hostilePackage(new URL(baseURL!).origin) } },
  })
  expect(hostile.status(), await hostile.text()).toBe(201)

  // --- the learner plays each: first launch, finish (score, completion, suspend), exit, relaunch → resume
  await storeSession(page, learner)
  await page.goto(`/topics/${packageId}`)
  const outline = page.getByRole('navigation', { name: 'Course content' })
  for (const p of packages) {
    await outline.getByText(p.subTopic, { exact: true }).click()
    // The lesson's <video> plays a file of the package: Chromium asks for it in ranges, the content origin answers 206.
    const clip = page.waitForResponse((r) => r.url().endsWith('/files/lesson/media/clip.mp4'))
    await outlineEntry(page, p.title).click()
    const clipResponse = await clip
    expect(clipResponse.status()).toBe(206)
    expect(await clipResponse.request().headerValue('range')).toMatch(/^bytes=\d+-/)
    expect(await clipResponse.headerValue('content-type')).toBe('video/mp4')
    expect(await clipResponse.headerValue('content-range')).toMatch(/^bytes \d+-\d+\/13668$/)
    const sco = scoFrame(page, p.title)
    await expect(sco.locator('#learner')).toHaveText(learner.user.name)
    await expect(sco.locator('#entry')).toHaveText('ab-initio')
    await expect(sco.locator('#suspend')).toHaveText('')
    await sco.getByRole('button', { name: 'Finish lesson' }).click()
    await expect(sco.getByText('Lesson finished')).toBeVisible()
    await expect.poll(async () => (await progressOf(request)).find((s) => s.id === subTopicIds[p.subTopic])?.completed).toBe(true)
    await page.getByRole('button', { name: 'Exit' }).click()
    await expect(page.locator(`iframe[title^="${p.title}"]`)).toHaveCount(0)

    await outlineEntry(page, p.title).click()
    const again = scoFrame(page, p.title)
    await expect(again.locator('#entry')).toHaveText('resume')
    await expect(again.locator('#suspend')).toHaveText('page=3;answers=A,C')
    await expect(again.locator('#location')).toHaveText('page-3')
    await page.getByRole('button', { name: 'Exit' }).click()
    await expect(outlineEntry(page, p.title)).toHaveAccessibleName(new RegExp(`^${escapeRegExp(p.title)}\\s*, completed`))
  }

  const subTopics = await progressOf(request)
  for (const p of packages) {
    const sub = subTopics.find((s) => s.id === subTopicIds[p.subTopic])!
    expect(sub).toMatchObject({ completed: true, percent: 100 })
    expect(sub.scos).toEqual([expect.objectContaining({ completed: true, score: 80 })])
  }

  // --- a multi-SCO package: the viewer lists its parts; choosing one opens that SCO
  await outline.getByText('Multi-part course', { exact: true }).click()
  await outlineEntry(page, 'Three parts').click()
  await expect(scoFrame(page, 'Three parts').getByRole('heading', { name: 'Part 1' })).toBeVisible()
  const viewer = page.getByRole('region', { name: 'Three parts' })
  // The input, not its option list (rendered in place, inside the viewer's region, and labelled by the same label).
  await viewer.getByLabel('Part').first().click()
  await expect(page.getByRole('option')).toHaveText(['Part 1', 'Part 2', 'Part 3'])
  await page.getByRole('option', { name: 'Part 2' }).click()
  await expect(scoFrame(page, 'Three parts').getByRole('heading', { name: 'Part 2' })).toBeVisible()
  await viewer.getByRole('button', { name: 'Exit' }).click()

  // --- the admin's learners table: the learner's SCOs completed, each SCO's status and score
  const adminContext = await browser.newContext()
  const adminPage = await adminContext.newPage()
  await storeSession(adminPage, staff)
  await adminPage.goto(`/reports?packageId=${packageId}`)
  const learnersTable = adminPage.getByRole('table', { name: 'Learner progress' })
  const row = learnersTable.getByRole('row').filter({ hasText: learner.user.name })
  await expect(row).toContainText('2 of 6 completed')
  const scos = row.getByRole('list', { name: `SCOs of ${learner.user.name}` }).getByRole('listitem')
  await expect(scos).toHaveCount(6)
  await expect(scos.filter({ hasText: 'Safety basics (SCORM 1.2)' })).toHaveText(/Lesson one.*Completed\s*80 %/)
  await expect(scos.filter({ hasText: 'Safety basics (SCORM 2004)' })).toHaveText(/Lesson one.*Passed\s*80 %/)
  await adminContext.close()

  // --- the hostile package: no token in any storage it can reach, every API call refused
  await outline.getByText('Untrusted content', { exact: true }).click()
  await outlineEntry(page, 'Hostile package').click()
  const report = scoFrame(page, 'Hostile package').locator('#report')
  await expect(report).not.toHaveText('running')
  const seen = JSON.parse((await report.textContent()) ?? '{}') as Record<string, string>
  const text = JSON.stringify(seen)
  expect(text).not.toContain(learner.token)
  // The content origin's own storage is empty, or (a third-party frame under Chromium's storage rules) not there at all.
  expect(seen.ownLocalStorage).toMatch(/^(\[\]:null|blocked: SecurityError)$/)
  expect(seen.topLocalStorage).toMatch(/^blocked: SecurityError/)
  expect(seen.topSessionStorage).toMatch(/^blocked: SecurityError/)
  expect(seen.topLocation).toMatch(/^blocked: SecurityError/)
  expect(seen.cookies).toBe('')
  expect(seen.sameOriginApi).toMatch(/^404 /)
  expect(seen.appApi).toBe('failed: TypeError')
  expect(seen.appApiWithLaunchToken).toBe('failed: TypeError')
  expect(seen.appPackagesWithLaunchToken).toBe('failed: TypeError')
})

/** PNGs for a person to look at: test-results/screenshots/scorm-* (and /tmp/shots/). */
test('screenshots @screenshots: the SCORM tab, the viewer with a package open and the learners table, light and dark, 1366 and 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  // The learner has passed part 2 of the multi-SCO package, so the learners table has a status and a score to show.
  const launched = await api<{ url: string }>(request, learner, 'post', `/scorm/${multiScorm.id}/launch`, { scoId: multiScorm.scos[1]!.id })
  const committed = await request.post('/api/scorm/runtime', {
    headers: { Authorization: `Bearer ${new URL(launched.url).pathname.split('/')[2]}` },
    data: { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', 'cmi.score.scaled': '0.9' },
  })
  expect(committed.status(), await committed.text()).toBe(200)
  const out = path.resolve(import.meta.dirname, '../../test-results/screenshots')
  mkdirSync(out, { recursive: true })
  mkdirSync('/tmp/shots', { recursive: true })
  const shoot = async (name: string) => {
    await page.evaluate(async () => {
      await document.fonts.ready
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))
    })
    const file = path.join(out, `scorm-${name}.png`)
    await page.screenshot({ path: file, fullPage: true })
    copyFileSync(file, path.join('/tmp/shots', `scorm-${name}.png`))
  }
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const theme of ['light', 'dark'] as const) {
      await storeSession(page, staff)
      await page.evaluate((t) => localStorage.setItem('theme', t), theme)
      await page.goto(`/skill/${skillId}/topics`)
      const card = page.getByRole('region', { name: 'Multi-part course' })
      await card.getByRole('tab', { name: /SCORM/ }).click()
      await expect(card.getByRole('list', { name: 'SCORM packages' })).toContainText('Three parts')
      await card.scrollIntoViewIfNeeded()
      await shoot(`upload-${theme}-${width}`)

      await storeSession(page, learner)
      await page.evaluate((t) => localStorage.setItem('theme', t), theme)
      await page.goto(`/topics/${packageId}`)
      const outline = page.getByRole('navigation', { name: 'Course content' })
      await outline.getByText('Multi-part course', { exact: true }).click()
      await outlineEntry(page, 'Three parts').click()
      await expect(scoFrame(page, 'Three parts').getByRole('heading', { name: 'Part 1' })).toBeVisible()
      await shoot(`viewer-${theme}-${width}`)

      await storeSession(page, staff)
      await page.evaluate((t) => localStorage.setItem('theme', t), theme)
      await page.goto(`/reports?packageId=${packageId}`)
      const scos = page.getByRole('table', { name: 'Learner progress' }).getByRole('list', { name: `SCOs of ${learner.user.name}` })
      await expect(scos.getByRole('listitem').filter({ hasText: 'Part 2' })).toContainText('Passed90 %')
      await shoot(`learners-${theme}-${width}`)
      // The SCO column's badges and dimmed package titles keep AA contrast in this theme and width.
      const axe = await new AxeBuilder({ page })
        .include('section[aria-labelledby="learner-progress-heading"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze()
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`)).toEqual([])
      // The table alone, at full size, to read its SCO column.
      const tableShot = path.join(out, `scorm-learners-table-${theme}-${width}.png`)
      await page.getByRole('region', { name: 'Learner progress' }).screenshot({ path: tableShot })
      copyFileSync(tableShot, path.join('/tmp/shots', path.basename(tableShot)))
    }
  }
})
