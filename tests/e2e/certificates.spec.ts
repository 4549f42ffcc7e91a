import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { admin, api, auth, loginViaApi, newLearner, registerViaApi, storeSession } from './support.ts'

/**
 * Certificates in Chromium against the real server: a learner plays the only video of a package that issues
 * certificates to its end, downloads the certificate's PDF, and anyone signed out finds it valid at its verification
 * link; once an admin revokes it on /reports, the same link says so.
 */

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures')
const TITLE = 'Certified Journey'

/** A one-video package issuing 12-month certificates, assigned to a new learner. */
async function seed(request: APIRequestContext) {
  const staff = await loginViaApi(request, admin.email, admin.password)
  const pkg = await api<{ id: number; skills: { id: number }[] }>(request, staff, 'post', '/packages/createPackage', {
    title: TITLE,
    description: 'One clip, then a certificate.',
    price: '10.00',
    skills: [{ title: 'Watching', description: 'Watch it all.', price: '5.00' }],
  })
  const saved = await api<{ topics: { subTopics: { id: number }[] }[] }>(request, staff, 'put', `/topic/by-skill/${pkg.skills[0]!.id}`, {
    topics: [{ title: 'Patterns', description: 'Test patterns.', subTopics: [{ title: 'Test pattern', description: 'Three seconds.' }] }],
  })
  const upload = await request.post(`/api/videos/upload/${saved.topics[0]!.subTopics[0]!.id}`, {
    headers: auth(staff),
    multipart: {
      title: 'The clip',
      video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(path.join(FIXTURES, 'clip.mp4')) },
      thumbnail: { name: 'thumbnail.png', mimeType: 'image/png', buffer: readFileSync(path.join(FIXTURES, 'thumbnail.png')) },
    },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  await api(request, staff, 'put', `/packages/${pkg.id}/certificate-settings`, { enabled: true, validityMonths: 12, renewDaysBefore: 30 })
  const credentials = newLearner('Certified')
  await registerViaApi(request, credentials)
  const learner = await loginViaApi(request, credentials.email, credentials.password)
  await api(request, staff, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
  return { packageId: pkg.id, learner, staff }
}

async function watchToTheEnd(page: Page) {
  const video = page.locator('video')
  const ended = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/progress\/videos\/\d+$/.test(r.url()) && r.ok())
  await video.evaluate(async (v: HTMLVideoElement) => {
    if (v.readyState < 1) await new Promise((resolve) => v.addEventListener('loadedmetadata', resolve, { once: true }))
    v.muted = true
    v.currentTime = 0
    await v.play()
    await new Promise((resolve) => v.addEventListener('ended', resolve, { once: true }))
  })
  await ended
}

test('a learner earns a certificate, downloads it, anyone verifies it; revoked, the link says so', async ({ browser, request }) => {
  test.setTimeout(90_000)
  const { packageId, learner, staff } = await seed(request)

  // --- the learner watches the only video to its end
  const learnerContext = await browser.newContext({ acceptDownloads: true })
  const page = await learnerContext.newPage()
  await storeSession(page, learner)
  await page.goto(`/topics/${packageId}`)
  await watchToTheEnd(page)

  // --- My certificates: the certificate, its PDF
  await page.goto('/user/certificates')
  const card = page.getByRole('article', { name: TITLE })
  await expect(card.getByText('Valid', { exact: true })).toBeVisible()
  const downloading = page.waitForEvent('download')
  await card.getByRole('button', { name: `Download PDF of the certificate for ${TITLE}` }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.pdf$/)
  const saved = test.info().outputPath('certificate.pdf')
  await download.saveAs(saved)
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-')
  const [mine] = await api<{ id: number; code: string }[]>(request, learner, 'get', '/certificates')
  await learnerContext.close()

  // --- signed out, the verification link says valid
  const publicContext = await browser.newContext()
  const check = await publicContext.newPage()
  await check.goto(`/verify/${mine!.code}`)
  await expect(check.getByText('This certificate is valid')).toBeVisible()
  await expect(check.getByText(learner.user.name)).toBeVisible()
  await expect(check.getByText(TITLE)).toBeVisible()

  // --- an admin revokes it on /reports, with a reason, after confirming
  const adminContext = await browser.newContext()
  const reports = await adminContext.newPage()
  await storeSession(reports, staff)
  await reports.goto('/reports')
  const table = reports.getByRole('table', { name: 'Certificates' })
  await table.getByRole('button', { name: `Revoke the certificate of ${learner.user.name} for ${TITLE}` }).click()
  const dialog = reports.getByRole('dialog', { name: 'Revoke certificate' })
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Issued by mistake')
  await dialog.getByRole('button', { name: 'Revoke certificate' }).click()
  await expect(reports.getByText('Certificate revoked')).toBeVisible()
  await adminContext.close()

  // --- the same link now says revoked, with the date, and not why
  await check.reload()
  await expect(check.getByText('This certificate was revoked')).toBeVisible()
  await expect(check.getByText(/^Revoked on /)).toBeVisible()
  await expect(check.getByText(/Issued by mistake/)).toHaveCount(0)
  await publicContext.close()
})

test('an admin creates a package issuing certificates in one click, and finds a learner’s certificate by e-mail on /reports', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const { packageId, learner, staff } = await seed(request)
  const learnerContext = await browser.newContext()
  const learnerPage = await learnerContext.newPage()
  await storeSession(learnerPage, learner)
  await learnerPage.goto(`/topics/${packageId}`)
  await watchToTheEnd(learnerPage)
  await expect(learnerPage.getByText('Certificate earned')).toBeVisible()
  await learnerContext.close()

  const context = await browser.newContext({ acceptDownloads: true })
  const page = await context.newPage()
  const out = path.resolve(import.meta.dirname, '../../test-results/screenshots')
  mkdirSync(out, { recursive: true })
  const shoot = async (name: string, fullPage: boolean) => {
    await page.evaluate(async () => {
      await document.fonts.ready
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))
    })
    await page.screenshot({ path: path.join(out, `certificates-${name}.png`), fullPage })
  }

  // --- the create form: the package and its certificate settings, saved by one click
  await storeSession(page, staff)
  await page.goto('/package/create')
  const form = page.getByRole('form', { name: 'Create Package' })
  const title = `Certified on creation ${Date.now()}`
  await form
    .getByLabel(/^Title/)
    .first()
    .fill(title)
  await form
    .getByLabel(/^Description/)
    .first()
    .fill('Settings saved with the package.')
  await form
    .getByLabel(/^Price/)
    .first()
    .fill('12')
  const skill = form.getByRole('group', { name: 'Skill 1' })
  await skill.getByLabel(/^Skill title/).fill('Only skill')
  await skill.getByLabel(/^Skill description/).fill('One skill.')
  await skill.getByLabel(/^Skill price/).fill('6')
  const settings = form.getByRole('region', { name: 'Certificates' })
  await settings.getByRole('switch', { name: /^Issue certificates/ }).check({ force: true })
  await settings.getByRole('textbox', { name: 'Valid for (months)' }).fill('24')
  await settings.getByRole('textbox', { name: 'Start recertification (days before expiry)' }).fill('60')
  await form.getByRole('button', { name: 'Create Package' }).click()
  await expect(page.getByText('Package created')).toBeVisible()
  await expect(page).toHaveURL(/\/package$/)
  const packages = await api<{ id: number; title: string }[]>(request, staff, 'get', '/packages/getAllPackage')
  const created = packages.find((p) => p.title === title)!
  expect(await api(request, staff, 'get', `/packages/${created.id}/certificate-settings`)).toEqual({
    enabled: true,
    validityMonths: 24,
    renewDaysBefore: 60,
  })

  // --- /reports: the learner found by e-mail, the table and its export narrowed to them
  await page.goto('/reports')
  await expect(page.getByRole('table', { name: 'Certificates' })).toBeVisible()
  const learnerFilter = page.getByRole('combobox', { name: 'Learner' })
  await learnerFilter.click()
  await learnerFilter.fill(learner.user.email.toUpperCase())
  await page.getByRole('option', { name: `${learner.user.name} · ${learner.user.email}` }).click()
  const table = page.getByRole('table', { name: 'Certificates' })
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByText(learner.user.email)).toBeVisible()
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export certificates CSV' }).click()
  const csv = readFileSync((await (await downloading).path())!, 'utf8')
    .trim()
    .split('\r\n')
  expect(csv).toHaveLength(2)
  expect(csv[1]).toContain(learner.user.email)

  // --- screenshots of both screens, light and dark, 1366 and 390 px wide
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme)
      await page.goto('/package/create')
      const section = page.getByRole('region', { name: 'Certificates' })
      await section.getByRole('switch', { name: /^Issue certificates/ }).check({ force: true })
      await page.evaluate(() => window.scrollTo(0, 0))
      await shoot(`create-${theme}-${width}`, true)
      await page.goto('/reports')
      await expect(page.getByRole('table', { name: 'Certificates' })).toBeVisible()
      const filter = page.getByRole('combobox', { name: 'Learner' })
      await filter.scrollIntoViewIfNeeded()
      await filter.click()
      await filter.fill(learner.user.name)
      await expect(page.getByRole('option', { name: `${learner.user.name} · ${learner.user.email}` })).toBeVisible()
      // the open list of matches, in the viewport
      await shoot(`reports-${theme}-${width}`, false)
    }
  }
  await context.close()
})
