import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { admin, loginViaApi, storeSession, type Session } from './support.ts'

/**
 * Media journey in Chromium against the real server: a real video + thumbnail upload with its progress
 * reaching 100%, playback and seeking over signed Range URLs, a PDF and the zip of a sub-topic's materials,
 * the MCQ template filled and imported after the browser's preview, and an inline question edit.
 *
 * fixtures/clip.mp4 (14 kB, 3 s H.264 test pattern) and fixtures/thumbnail.png were generated, licence-free:
 *   ffmpeg -f lavfi -i testsrc=duration=3:size=320x240:rate=15 -c:v libx264 -profile:v baseline -pix_fmt yuv420p -crf 32 -movflags +faststart clip.mp4
 *   ffmpeg -f lavfi -i testsrc=size=320x180:rate=1 -frames:v 1 thumbnail.png
 */
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures')
const clip = readFileSync(path.join(FIXTURES, 'clip.mp4'))
const thumbnail = readFileSync(path.join(FIXTURES, 'thumbnail.png'))
/** A one-page PDF written out by hand (a few hundred bytes). */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

interface Tree {
  skillId: number
  subTopicId: number
}

let session: Session
let tree: Tree

test.beforeAll(async ({ request }) => {
  session = await loginViaApi(request, admin.email, admin.password)
  const headers = { authorization: `Bearer ${session.token}` }
  const created = await request.post('/api/packages/createPackage', {
    headers,
    data: {
      title: 'E2E Media Package',
      description: 'Videos, PDFs and questions.',
      price: '10.00',
      skills: [{ title: 'E2E Media Skill', description: 'A skill.', price: '5.00' }],
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const skillId = ((await created.json()) as { data: { skills: { id: number }[] } }).data.skills[0]!.id
  const saved = await request.put(`/api/topic/by-skill/${skillId}`, {
    headers,
    data: {
      topics: [
        { title: 'Media topic', description: 'Everything media.', subTopics: [{ title: 'Media basics', description: 'A sub-topic.' }] },
      ],
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const subTopicId = ((await saved.json()) as { data: { topics: { subTopics: { id: number }[] }[] } }).data.topics[0]!.subTopics[0]!.id
  tree = { skillId, subTopicId }
})

const subTopicCard = (page: Page) => page.getByRole('region', { name: 'Media basics' })

test('an admin uploads a video, a PDF and a question bank, plays and seeks, downloads the zip, and edits a question', async ({ page }) => {
  test.setTimeout(60_000)
  await storeSession(page, session)

  // While the list refreshes after the upload, the bar stays at 100%; the refresh is held until that is seen.
  let topicReads = 0
  let releaseRefresh!: () => void
  const refreshHeld = new Promise<void>((resolve) => (releaseRefresh = resolve))
  await page.route('**/api/skills/skills/*/topics', async (route) => {
    if (++topicReads > 1) await refreshHeld
    await route.continue()
  })

  await page.goto(`/skill/${tree.skillId}/topics`)
  const card = subTopicCard(page)
  await expect(card.getByText(`Sub-topic ID: ${tree.subTopicId}`)).toBeVisible()

  // --- video + thumbnail, with the progress the XHR reports
  const videoForm = card.getByRole('form', { name: /^Upload a video/ })
  const fileInputs = videoForm.locator('input[type=file]')
  await fileInputs.nth(0).setInputFiles({ name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip })
  await fileInputs.nth(1).setInputFiles({ name: 'thumbnail.png', mimeType: 'image/png', buffer: thumbnail })
  await videoForm.getByRole('textbox', { name: 'Title (optional)' }).fill('Test pattern')
  await videoForm.getByRole('button', { name: 'Upload video' }).click()
  const bar = videoForm.getByRole('progressbar', { name: 'Video upload progress' })
  await expect(bar).toHaveAttribute('aria-valuenow', '100')
  releaseRefresh()
  await expect(page.getByText('Uploaded successfully')).toBeVisible()
  const videos = card.getByRole('list', { name: 'Videos' })
  await expect(videos.getByText('Test pattern')).toBeVisible()
  const thumb = videos.getByRole('img', { name: 'Thumbnail of Test pattern' })
  await expect(thumb).toBeVisible()
  expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0)

  // --- play in the modal and seek (the signed URL answers Range requests)
  const ranges: number[] = []
  page.on('response', (response) => {
    if (response.url().includes('/api/files/') && response.request().headers().range) ranges.push(response.status())
  })
  await videos.getByRole('button', { name: 'Play Test pattern' }).click()
  const dialog = page.getByRole('dialog', { name: 'Test pattern' })
  const player = dialog.locator('video')
  await expect(player).toBeVisible()
  await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise((resolve, reject) => {
        if (video.readyState >= 1) return resolve(null)
        video.addEventListener('loadedmetadata', () => resolve(null), { once: true })
        video.addEventListener('error', () => reject(new Error('the video did not load')), { once: true })
      }),
  )
  expect(await player.evaluate((video: HTMLVideoElement) => video.duration)).toBeCloseTo(3, 0)
  const seekedTo = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        video.addEventListener('seeked', () => resolve(video.currentTime), { once: true })
        video.currentTime = 2
      }),
  )
  expect(seekedTo).toBeCloseTo(2, 0)
  expect(ranges).toContain(206)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // --- a PDF, then every latest material as a zip
  await card.getByRole('tab', { name: /Study materials/ }).click()
  const pdfForm = card.getByRole('form', { name: /^Upload a PDF/ })
  await pdfForm.locator('input[type=file]').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: pdf })
  await pdfForm.getByRole('textbox', { name: 'Name' }).fill('Lesson notes')
  await pdfForm.getByRole('button', { name: 'Upload PDF' }).click()
  await expect(page.getByText('PDF uploaded successfully')).toBeVisible()
  const materials = card.getByRole('list', { name: 'Study materials' })
  await expect(materials.getByText('Lesson notes')).toBeVisible()
  await expect(materials.getByText('latest')).toBeVisible()
  const zipDownload = page.waitForEvent('download')
  await card.getByRole('button', { name: 'Download all study materials of Media basics as a zip' }).click()
  const zipFile = await zipDownload
  expect(zipFile.suggestedFilename()).toBe('Media basics.zip')
  const zip = await JSZip.loadAsync(readFileSync(await zipFile.path()))
  expect(Object.keys(zip.files)).toEqual(['Lesson notes.pdf'])
  expect((await zip.file('Lesson notes.pdf')!.async('nodebuffer')).equals(pdf)).toBe(true)

  // --- the template, filled here, previewed in the browser, then imported
  const templateDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download Template', exact: true }).click()
  const template = await templateDownload
  expect(template.suggestedFilename()).toBe('mcq-template.xlsx')
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(await template.path())
  const sheet = book.worksheets[0]!
  sheet.addRow(['What is 2 + 2?', 'B', '3', '4', '5', ''])
  sheet.addRow(['Pick the even numbers', 'A C', '2', '3', '4', '5'])
  sheet.addRow(['A question without options', 'A', 'only one'])
  const filled = Buffer.from(await book.xlsx.writeBuffer())

  await card.getByRole('tab', { name: 'Questions' }).click()
  const mcqForm = card.getByRole('form', { name: /^Upload MCQs(:|$)/ })
  await mcqForm.locator('input[type=file]').setInputFiles({ name: 'filled.xlsx', mimeType: XLSX, buffer: filled })
  const preview = mcqForm.getByRole('region', { name: 'Preview' })
  await expect(preview.getByText('Rows: 4')).toBeVisible()
  // The template's own example row (row 2) is left out, and said so.
  await expect(preview.getByText('To upload: 2')).toBeVisible()
  await expect(preview.getByText("Row 2: The template's example row (not imported)")).toBeVisible()
  await expect(preview.getByText('Row 5: Less than 2 options provided')).toBeVisible()
  await mcqForm.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByText('MCQs uploaded successfully')).toBeVisible()
  const result = mcqForm.getByRole('region', { name: 'Upload result' })
  await expect(result.getByText('Uploaded: 2')).toBeVisible()
  await expect(result.getByText('Skipped: 2')).toBeVisible()
  await expect(result.getByText('Row 5: Less than 2 options provided')).toBeVisible()

  // --- the question table: edit a question inline
  await card.getByRole('link', { name: 'View Added Questions' }).click()
  await expect(page).toHaveURL(new RegExp(`/subtopic-mcqs/${tree.subTopicId}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Media basics' })).toBeVisible()
  const first = page.getByRole('listitem', { name: 'Question 1', exact: true })
  await expect(first.getByText('What is 2 + 2?')).toBeVisible()
  await first.getByRole('button', { name: 'Edit question 1' }).click()
  await first.getByRole('textbox', { name: 'Question' }).fill('What is 2 + 3?')
  await first.getByRole('textbox', { name: 'Option C' }).fill('5')
  await first.getByRole('checkbox', { name: 'Option B is correct' }).uncheck()
  await first.getByRole('checkbox', { name: 'Option C is correct' }).check()
  await first.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('MCQ updated')).toBeVisible()
  await expect(first.getByText('What is 2 + 3?')).toBeVisible()
  await expect(first).toContainText('Correct answer: C')
  await page.reload()
  await expect(page.getByRole('listitem', { name: 'Question 1', exact: true }).getByText('What is 2 + 3?')).toBeVisible()
})
