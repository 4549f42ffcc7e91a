import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { admin, api, auth, loginViaApi, newLearner, registerViaApi, signInForm } from './support.ts'

/**
 * Keyboard-only journeys: no mouse at all. Every step is Tab / Shift+Tab to a control, checked with
 * toBeFocused, then Enter, Space, the arrow keys or typing. The only thing outside the page is the OS file dialog,
 * answered with setFiles after the keyboard opened it.
 *   - A learner signs in, opens a package, plays and pauses a video, leaves a comment with a rating, takes a test and submits it.
 *   - An admin creates a package, adds a topic with two sub-topics, and imports a question sheet.
 */

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures')
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * Presses Tab until `target` has the focus, or Shift+Tab when it comes before the focused element in the document
 * (the focus moves to the page's h1 after a route change); fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { max = 150 } = {}) {
  await expect(target).toBeVisible()
  const back = await target.evaluate((el) => {
    const active = document.activeElement
    if (!active || active === document.body || active.contains(el)) return false
    return (active.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) !== 0
  })
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement))) break
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  await expect(target).toBeFocused()
}

/**
 * The focused control's ring (its outline, drawn `outline-offset` beyond its border) lies inside the box of its nearest
 * scrolling ancestor on every side (the sidebar's entries, the viewer's outline), which would cut off any part drawn past it.
 */
async function expectRingUncut(control: Locator) {
  await expect(control).toBeFocused()
  const { ring, box } = await control.evaluate((el) => {
    const style = getComputedStyle(el)
    const grow = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset)
    const r = el.getBoundingClientRect()
    let scroller = el.parentElement
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement
    const b = (scroller ?? document.documentElement).getBoundingClientRect()
    return {
      ring: {
        style: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        left: r.left - grow,
        right: r.right + grow,
        top: r.top - grow,
        bottom: r.bottom + grow,
      },
      box: { left: b.left, right: b.right, top: b.top, bottom: b.bottom },
    }
  })
  expect(ring.style).toBe('solid')
  expect(ring.width).toBeGreaterThanOrEqual(2)
  expect(ring.left).toBeGreaterThanOrEqual(box.left)
  expect(ring.right).toBeLessThanOrEqual(box.right)
  expect(ring.top).toBeGreaterThanOrEqual(box.top)
  expect(ring.bottom).toBeLessThanOrEqual(box.bottom)
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field)
  await page.keyboard.type(text)
  await expect(field).toHaveValue(text)
}

async function signInByKeyboard(page: Page, email: string, password: string) {
  await page.goto('/')
  const form = signInForm(page)
  await typeInto(page, form.getByRole('textbox', { name: 'Email', exact: true }), email)
  await typeInto(page, form.getByRole('textbox', { name: 'Password', exact: true }), password)
  await page.keyboard.press('Enter')
}

/** A package with one sub-topic holding a video and two questions, assigned to a new learner. */
async function seedForLearner(request: APIRequestContext, label: string) {
  const staff = await loginViaApi(request, admin.email, admin.password)
  const packageTitle = `Keyboard Chords ${label}`
  const pkg = await api<{ id: number; skills: { id: number }[] }>(request, staff, 'post', '/packages/createPackage', {
    title: packageTitle,
    description: 'Open chords, by keyboard.',
    price: '10.00',
    skills: [{ title: 'Chords', description: 'Open chords.', price: '5.00' }],
  })
  const saved = await api<{ topics: { subTopics: { id: number }[] }[] }>(request, staff, 'put', `/topic/by-skill/${pkg.skills[0]!.id}`, {
    topics: [
      { title: 'Open chords', description: 'The first shapes.', subTopics: [{ title: 'Major chords', description: 'C, G and D.' }] },
    ],
  })
  const subTopicId = saved.topics[0]!.subTopics[0]!.id
  const upload = await request.post(`/api/videos/upload/${subTopicId}`, {
    headers: auth(staff),
    multipart: {
      title: 'C, G and D',
      video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(path.join(FIXTURES, 'clip.mp4')) },
      thumbnail: { name: 'thumbnail.png', mimeType: 'image/png', buffer: readFileSync(path.join(FIXTURES, 'thumbnail.png')) },
    },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  const mcq = (question: string, options: Record<string, string>, correctOption: string) =>
    api(request, staff, 'post', '/mcqs/create', { subTopicId, question, options: JSON.stringify(options), correctOption })
  await mcq('Which chord is C, E and G?', { A: 'C major', B: 'A minor' }, 'A')
  await mcq('Which are major chords?', { A: 'G', B: 'Am', C: 'D' }, 'A,C')

  const credentials = newLearner('Keyboard')
  await registerViaApi(request, credentials)
  const learner = await loginViaApi(request, credentials.email, credentials.password)
  await api(request, staff, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
  return { credentials, packageId: pkg.id, packageTitle }
}

test('keyboard only: a learner signs in, opens a package, plays and pauses a video, comments with a rating, takes and submits a test', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const seeded = await seedForLearner(request, `${Date.now()}`)

  await signInByKeyboard(page, seeded.credentials.email, seeded.credentials.password)
  await expect(page).toHaveURL(/\/user\/my-dashboard$/)

  // My Packages → Start Learning.
  const myPackages = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Packages' })
  await tabTo(page, myPackages)
  await expectRingUncut(myPackages)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'My Learning Packages' })).toBeVisible()
  const card = page.getByRole('article', { name: seeded.packageTitle })
  await tabTo(page, card.getByRole('link', { name: 'Start Learning' }))
  await page.keyboard.press('Enter')
  // The card opens the package at its skill.
  await expect(page).toHaveURL(new RegExp(`/topics/${seeded.packageId}\\?skill=\\d+$`))
  await expect(page.getByRole('heading', { level: 1, name: seeded.packageTitle })).toBeVisible()

  // The video: Space on the focused player plays it, Space again pauses it.
  const video = page.getByRole('main').locator('video')
  await tabTo(page, video)
  const viewCounted = page.waitForResponse((r) => /\/api\/videos\/\d+\/view$/.test(r.url()) && r.request().method() === 'POST')
  await page.keyboard.press('Space')
  expect((await viewCounted).status()).toBe(200)
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true)
  await page.keyboard.press('Space')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true)

  // A comment with a 4-star rating: the stars are radios, chosen with the arrow keys.
  await tabTo(page, page.getByRole('button', { name: 'Leave a Comment' }))
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Leave a Comment' })
  await expect(dialog).toBeVisible()
  await tabTo(page, dialog.getByRole('radio', { name: '1 star' }))
  await page.keyboard.press('Space')
  await expect(dialog.getByRole('radio', { name: '1 star' })).toBeChecked()
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked()
  await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeFocused()
  await typeInto(page, dialog.getByRole('textbox', { name: 'Comment' }), 'Clear, and easy to follow without a mouse.')
  await tabTo(page, dialog.getByRole('button', { name: 'Submit' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Comment submitted')).toBeVisible()
  await expect(dialog).toBeHidden()
  const comments = page.getByRole('region', { name: 'Comments' })
  await expect(comments.getByRole('list', { name: 'Comment list' }).getByText('Clear, and easy to follow without a mouse.')).toBeVisible()
  await expect(comments.getByRole('group', { name: 'Ratings of this video' }).getByText('4.0')).toBeVisible()

  // The outline's sub-topic and video rows show their whole focus ring inside the outline (after the video: tabbing
  // back into the player would land on its own controls).
  const outline = page.getByRole('navigation', { name: 'Course content' })
  for (const row of [outline.getByRole('button', { name: /^Major chords/ }), outline.getByRole('button', { name: /C, G and D/ })]) {
    await tabTo(page, row)
    await expectRingUncut(row)
  }

  // The test: Space ticks the answers, Enter submits.
  await tabTo(page, page.getByRole('link', { name: 'Take Full Test' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/mcq-test\/\d+$/)
  await tabTo(page, page.getByRole('button', { name: 'Start test' }))
  await page.keyboard.press('Enter')
  const first = page.getByRole('group', { name: '1. Which chord is C, E and G?' })
  await tabTo(page, first.getByRole('checkbox', { name: 'A. C major' }))
  await page.keyboard.press('Space')
  await expect(first.getByRole('checkbox', { name: 'A. C major' })).toBeChecked()
  const second = page.getByRole('group', { name: '2. Which are major chords?' })
  for (const option of ['A. G', 'C. D']) {
    await tabTo(page, second.getByRole('checkbox', { name: option }))
    await page.keyboard.press('Space')
    await expect(second.getByRole('checkbox', { name: option })).toBeChecked()
  }
  await expect(page.getByText('2 of 2 answered')).toBeVisible()
  await tabTo(page, page.getByRole('button', { name: 'Submit Test' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Test Completed' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('You scored 2 out of 2')
})

test('keyboard only: an admin creates a package, adds a topic with two sub-topics, and imports a question sheet', async ({ page }) => {
  test.setTimeout(240_000)
  const title = `Keyboard Package ${Date.now()}`
  await signInByKeyboard(page, admin.email, admin.password)
  await expect(page).not.toHaveURL(/\/$/)

  // Manage Content (a disclosure) → Upload Content → Create Package.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await tabTo(page, nav.getByRole('button', { name: 'Manage Content' }))
  await expectRingUncut(nav.getByRole('button', { name: 'Manage Content' }))
  await page.keyboard.press('Enter')
  await tabTo(page, nav.getByRole('link', { name: 'Upload Content' }))
  await expectRingUncut(nav.getByRole('link', { name: 'Upload Content' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/package$/)
  await tabTo(page, page.getByRole('link', { name: /Create Package/ }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/package\/create$/)
  const form = page.getByRole('form')
  await typeInto(page, form.getByLabel(/^Title/), title)
  await typeInto(page, form.getByLabel(/^Description/), 'Built with the keyboard alone.')
  await typeInto(page, form.getByLabel(/^Price/), '19.99')
  const skill = form.getByRole('group', { name: 'Skill 1' })
  await typeInto(page, skill.getByLabel(/^Skill title/), 'Keys')
  await typeInto(page, skill.getByLabel(/^Skill description/), 'Tab, Enter and Space.')
  await typeInto(page, skill.getByLabel(/^Skill price/), '9.50')
  await tabTo(page, form.getByRole('button', { name: 'Create Package' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Package created')).toBeVisible()
  await expect(page).toHaveURL(/\/package$/)

  // Its skill → the topic editor: a topic with two sub-topics.
  const skillRegion = page.getByRole('article', { name: title }).getByRole('group', { name: 'Keys' })
  await tabTo(page, skillRegion.getByRole('link', { name: /Add Topics and Sub Topics/ }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/topic\/add\/\d+$/)
  await tabTo(page, page.getByRole('button', { name: 'Add topic' }))
  await page.keyboard.press('Enter')
  const topic = page.getByRole('region', { name: 'Topic 1' })
  await typeInto(page, topic.getByLabel(/Topic title/), 'Shortcuts')
  await typeInto(page, topic.getByLabel(/Topic description/), 'Keys that move the focus.')
  const named = page.getByRole('region', { name: 'Topic 1: Shortcuts' })
  for (const [i, [subTitle, subDescription]] of [
    ['Tab order', 'Forward and back'],
    ['Activation', 'Enter and Space'],
  ].entries()) {
    await tabTo(page, named.getByRole('button', { name: 'Add sub-topic to Shortcuts' }))
    await page.keyboard.press('Enter')
    const sub = named.getByRole('group', { name: new RegExp(`^Sub-topic 1\\.${i + 1}`) })
    await typeInto(page, sub.getByLabel(/Sub-topic title/), subTitle!)
    await typeInto(page, sub.getByLabel(/Sub-topic description/), subDescription!)
  }
  await tabTo(page, page.getByRole('button', { name: 'Save All' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Topics & Subtopics saved!')).toBeVisible()
  await expect(named.getByRole('link', { name: 'View Added Questions for Tab order' })).toBeVisible()

  // Upload Content of that skill: download the template, fill it, import it into 'Tab order'.
  await tabTo(page, nav.getByRole('link', { name: 'Upload Content' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/package$/)
  await tabTo(
    page,
    page.getByRole('article', { name: title }).getByRole('group', { name: 'Keys' }).getByRole('link', { name: 'Upload Content' }),
  )
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/skill\/\d+\/topics$/)
  const subTopic = page.getByRole('region', { name: 'Tab order' })
  const templateDownload = page.waitForEvent('download')
  await tabTo(page, page.getByRole('button', { name: 'Download Template', exact: true }))
  await page.keyboard.press('Enter')
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(await (await templateDownload).path())
  book.worksheets[0]!.addRow(['Which key moves the focus forward?', 'A', 'Tab', 'Escape', 'Home', ''])
  book.worksheets[0]!.addRow(['Which keys press a button?', 'A B', 'Enter', 'Space', 'Delete', ''])
  const sheet = Buffer.from(await book.xlsx.writeBuffer())

  // The sub-topic's tabs (Videos, Study materials, SCORM, Questions): arrows move between them; the picker opens the
  // file dialog on Enter.
  await tabTo(page, subTopic.getByRole('tab', { name: /Videos/ }))
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(subTopic.getByRole('tab', { name: 'Questions' })).toBeFocused()
  await expect(subTopic.getByRole('tab', { name: 'Questions' })).toHaveAttribute('aria-selected', 'true')
  const mcqForm = subTopic.getByRole('form', { name: /^Upload MCQs(:|$)/ })
  const picker = mcqForm.getByRole('button', { name: /\.xlsx|Excel/i }).first()
  await tabTo(page, picker)
  // The OS file dialog is outside the page: the keyboard reaches the picker, and the file is set on its input.
  await mcqForm.locator('input[type="file"]').setInputFiles({ name: 'keys.xlsx', mimeType: XLSX, buffer: sheet })
  // The two added; the template's example row is skipped. The browser reads the sheet first (exceljs, loaded on demand).
  const preview = mcqForm.getByRole('region', { name: 'Preview' })
  await expect(preview.getByText('To upload: 2')).toBeVisible({ timeout: 60_000 })
  await expect(preview.getByText("Row 2: The template's example row (not imported)")).toBeVisible()
  await tabTo(page, mcqForm.getByRole('button', { name: 'Upload', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('MCQs uploaded successfully')).toBeVisible({ timeout: 30_000 })
  await expect(mcqForm.getByRole('region', { name: 'Upload result' }).getByText('Uploaded: 2')).toBeVisible()
})
