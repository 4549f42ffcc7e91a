import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { admin, api, auth, loginViaApi, newLearner, registerViaApi, storeSession, type Session } from './support.ts'

/**
 * Captions in Chromium against the real server: an admin adds an SRT file to the fixture clip through Upload
 * Content (a bad file first, refused with its line in words); the learner turns captions on and sees the right cue
 * at 2 s on the video's text track, seeks from the transcript, changes the speed, and finds the same choices after
 * a reload and in a second browser signed in as the same learner (they are kept on the server).
 */

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures')
const VIDEO_TITLE = 'Test pattern'
const SUB_TOPIC = 'Reading the pattern'

/**
 * Cues of a tenth of a second around one of a second that holds 2 s well inside it (Chromium counts a cue ending
 * exactly at the position as still showing): 21 cues, more than the transcript panel shows without scrolling.
 */
const CUES = [
  ...Array.from({ length: 15 }, (_, i) => ({ from: i, to: i + 1, text: `Frame ${i + 1} of the pattern.` })),
  { from: 15, to: 25, text: 'Two seconds in.' },
  ...Array.from({ length: 5 }, (_, i) => ({ from: 25 + i, to: 26 + i, text: `Frame ${17 + i} of the pattern.` })),
]
const srtTime = (tenths: number) => `00:00:0${Math.floor(tenths / 10)},${String((tenths % 10) * 100).padStart(3, '0')}`
const SRT = CUES.map(({ from, to, text }, i) => `${i + 1}\n${srtTime(from)} --> ${srtTime(to)}\n${text}\n`).join('\n')
/** Cue 2's arrow is short of a dash: the parser's finding names line 6 in the words of the form. */
const BAD_SRT = '1\n00:00:00,000 --> 00:00:01,000\nFine.\n\n2\n00:00:01,000 -> 00:00:02,000\nBroken arrow.\n'

let staff: Session
let credentials: ReturnType<typeof newLearner>
let learner: Session
let packageId: number
let skillId: number

test.beforeAll(async ({ request }) => {
  staff = await loginViaApi(request, admin.email, admin.password)
  const pkg = await api<{ id: number; skills: { id: number }[] }>(request, staff, 'post', '/packages/createPackage', {
    title: 'Captioned Course',
    description: 'A clip with captions.',
    price: '10.00',
    skills: [{ title: 'Watching', description: 'With captions.', price: '5.00' }],
  })
  packageId = pkg.id
  skillId = pkg.skills[0]!.id
  const saved = await api<{ topics: { subTopics: { id: number }[] }[] }>(request, staff, 'put', `/topic/by-skill/${skillId}`, {
    topics: [{ title: 'Patterns', description: 'Test patterns.', subTopics: [{ title: SUB_TOPIC, description: 'Colour bars.' }] }],
  })
  const subTopicId = saved.topics[0]!.subTopics[0]!.id
  const upload = await request.post(`/api/videos/upload/${subTopicId}`, {
    headers: auth(staff),
    multipart: {
      title: VIDEO_TITLE,
      video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(path.join(FIXTURES, 'clip.mp4')) },
      thumbnail: { name: 'thumbnail.png', mimeType: 'image/png', buffer: readFileSync(path.join(FIXTURES, 'thumbnail.png')) },
    },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  credentials = newLearner('Captions')
  await registerViaApi(request, credentials)
  learner = await loginViaApi(request, credentials.email, credentials.password)
  await api(request, staff, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
})

const videoOf = (page: Page) => page.getByRole('main').locator('video')
const captionsSelect = (page: Page) => page.getByRole('combobox', { name: 'Captions', exact: true })
const speedSelect = (page: Page) => page.getByRole('combobox', { name: 'Speed', exact: true })
const transcriptCues = (page: Page) => page.getByRole('list', { name: 'Transcript cues' })

/** Opens the viewer and waits until the video knows its length. */
async function openViewer(page: Page) {
  await page.goto(`/topics/${packageId}`)
  const video = videoOf(page)
  await expect(video).toHaveAttribute('aria-label', `Video: ${VIDEO_TITLE}`)
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1)
  return video
}

async function seek(video: Locator, seconds: number) {
  await video.evaluate(
    (v: HTMLVideoElement, to) =>
      new Promise<void>((resolve) => {
        v.pause()
        v.addEventListener('seeked', () => resolve(), { once: true })
        v.currentTime = to
      }),
    seconds,
  )
}

/** What the browser shows on the video: the track's mode and the words of its active cues. */
const shownCaptions = (video: Locator) =>
  video.evaluate((v: HTMLVideoElement) => {
    const track = v.textTracks[0]
    return { mode: track?.mode, cues: [...(track?.activeCues ?? [])].map((cue) => (cue as VTTCue).text) }
  })

/** The learner's remembered choices hold on this page: captions on in English, 1.5×, on the select and on the video. */
async function expectRememberedChoices(page: Page) {
  const video = await openViewer(page)
  await expect(captionsSelect(page)).toHaveValue(/^\d+$/)
  await expect(captionsSelect(page).locator('option:checked')).toHaveText('English')
  await expect(speedSelect(page).locator('option:checked')).toHaveText('1.5×')
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5)
  await seek(video, 2)
  await expect.poll(() => shownCaptions(video)).toEqual({ mode: 'showing', cues: ['Two seconds in.'] })
}

test('an admin adds SRT captions through Upload Content; the learner’s captions, transcript seeking and speed hold across reloads and devices', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000)

  // --- the admin: a bad file is refused in words, then the good one is listed under the video
  await storeSession(page, staff)
  await page.goto(`/skill/${skillId}/topics`)
  const card = page.getByRole('region', { name: SUB_TOPIC })
  await card.getByRole('button', { name: `Add captions to ${VIDEO_TITLE}` }).click()
  const dialog = page.getByRole('dialog', { name: `Captions for ${VIDEO_TITLE}` })
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'pattern.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(BAD_SRT) })
  await dialog.getByRole('textbox', { name: /^Language/ }).fill('en')
  await dialog.getByRole('textbox', { name: /^Label/ }).fill('English')
  await dialog.getByRole('button', { name: 'Upload captions' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Line 6: a cue timing must look like 00:01:02,500 --> 00:01:04,000')
  // The caption form with its refusal showing (the a11y sweep opens no form with an error).
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze()
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'pattern.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(SRT) })
  await dialog.getByRole('button', { name: 'Upload captions' }).click()
  await expect(dialog).toBeHidden()
  await expect(card.getByRole('list', { name: `Caption tracks of ${VIDEO_TITLE}` })).toHaveText(/English · en · Captions/)

  // --- the learner: captions off until chosen, then on; the cue at 2 s is the one the browser shows
  await storeSession(page, learner)
  const video = await openViewer(page)
  await expect(captionsSelect(page).locator('option:checked')).toHaveText('Off')
  expect(await video.evaluate((v: HTMLVideoElement) => v.textTracks.length)).toBe(1)
  await captionsSelect(page).selectOption({ label: 'English' })
  await seek(video, 2)
  await expect.poll(() => shownCaptions(video)).toEqual({ mode: 'showing', cues: ['Two seconds in.'] })

  // --- the transcript: the cue playing is marked and scrolled into the panel's view while the focus stays put
  await page.getByRole('button', { name: 'Transcript', exact: true }).click()
  const cues = transcriptCues(page)
  await expect(cues.getByRole('button', { name: /Two seconds in/ })).toHaveAttribute('aria-current', 'true')
  await video.focus()
  await seek(video, 2.95)
  const last = cues.getByRole('button', { name: /Frame 21 of the pattern/ })
  await expect(last).toHaveAttribute('aria-current', 'true')
  await expect.poll(() => cues.evaluate((list) => list.scrollTop)).toBeGreaterThan(0)
  await expect
    .poll(() =>
      last.evaluate((row) => {
        const box = row.closest('ol')!.getBoundingClientRect()
        const at = row.getBoundingClientRect()
        return at.top >= box.top - 1 && at.bottom <= box.bottom + 1
      }),
    )
    .toBe(true)
  await expect(video).toBeFocused()

  // A click on a cue seeks the video there.
  await cues.getByRole('button', { name: /Frame 6 of the pattern/ }).click()
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(0.5, 1)
  await expect(cues.getByRole('button', { name: /Frame 6 of the pattern/ })).toHaveAttribute('aria-current', 'true')

  // --- the speed, saved on the server with the captions choice
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/profile') && r.request().method() === 'PUT')
  await speedSelect(page).selectOption({ label: '1.5×' })
  expect((await saved).status()).toBe(200)
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5)
  await expect
    .poll(async () => {
      const me = await api<{ captionsOn: boolean; captionsLanguage: string; playbackRate: number }>(
        request,
        learner,
        'get',
        '/user/getUserByEmail',
      )
      return [me.captionsOn, me.captionsLanguage, me.playbackRate]
    })
    .toEqual([true, 'en', 1.5])

  // --- after a reload, and on a second device signed in as the same learner
  await page.reload()
  await expectRememberedChoices(page)

  const device = await browser.newContext({ baseURL })
  try {
    const other = await device.newPage()
    await storeSession(other, await loginViaApi(request, credentials.email, credentials.password))
    await expectRememberedChoices(other)
  } finally {
    await device.close()
  }
})

/** PNGs for a person to look at: test-results/screenshots/captions-* (and /tmp/shots/). */
test('screenshots @screenshots: the player with captions and the transcript, the admin caption rows; light and dark, 1366 and 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const out = path.resolve(import.meta.dirname, '../../test-results/screenshots')
  mkdirSync(out, { recursive: true })
  mkdirSync('/tmp/shots', { recursive: true })
  const shoot = async (name: string, fullPage = true) => {
    await page.evaluate(async () => {
      await document.fonts.ready
      await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))
      // The browser lays a newly shown cue out over the next frames (above the controls once they show).
      for (let frame = 0; frame < 3; frame++) await new Promise((painted) => requestAnimationFrame(painted))
    })
    const file = path.join(out, `captions-${name}.png`)
    await page.screenshot({ path: file, fullPage })
    copyFileSync(file, path.join('/tmp/shots', `captions-${name}.png`))
  }
  // Its own video with a French subtitle track beside English captions (the journey above may not have run).
  const tree = await api<{ skills: { topics: { subTopics: { id: number; videos: { id: number }[] }[] }[] }[] }>(
    request,
    staff,
    'get',
    `/packages/${packageId}`,
  )
  const videoId = tree.skills[0]!.topics[0]!.subTopics[0]!.videos[0]!.id
  for (const [language, label, kind, text] of [
    ['en', 'English', 'captions', 'Two seconds in: the colour bars hold still.'],
    ['fr', 'Français', 'subtitles', 'Deux secondes : les barres de couleur restent immobiles.'],
  ] as const) {
    const vtt = `WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nThe test pattern appears.\n\n00:00:01.500 --> 00:00:03.000\n${text}\n`
    const res = await request.post(`/api/videos/${videoId}/captions`, {
      headers: auth(staff),
      multipart: { language, label, kind, file: { name: `${language}.vtt`, mimeType: 'text/vtt', buffer: Buffer.from(vtt) } },
    })
    expect(res.status(), await res.text()).toBe(201)
  }
  await api(request, learner, 'put', '/user/profile', {
    name: learner.user.name,
    captionsOn: true,
    captionsLanguage: 'en',
    playbackRate: 1,
  })

  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height })
    for (const theme of ['light', 'dark'] as const) {
      await storeSession(page, staff)
      await page.evaluate((t) => localStorage.setItem('theme', t), theme)
      await page.goto(`/skill/${skillId}/topics`)
      const tracks = page.getByRole('list', { name: `Caption tracks of ${VIDEO_TITLE}` })
      await expect(tracks).toContainText('Français · fr · Subtitles')
      // The rows in the window (a full-page picture of a scrolled page draws the sticky header midway).
      await tracks.scrollIntoViewIfNeeded()
      await shoot(`admin-${theme}-${width}`, false)

      await storeSession(page, learner)
      await page.evaluate((t) => localStorage.setItem('theme', t), theme)
      const video = await openViewer(page)
      await page.getByRole('button', { name: 'Transcript', exact: true }).click()
      await seek(video, 2)
      await expect.poll(() => shownCaptions(video)).toEqual({ mode: 'showing', cues: ['Two seconds in: the colour bars hold still.'] })
      await expect(transcriptCues(page).getByRole('button', { name: /Two seconds in/ })).toHaveAttribute('aria-current', 'true')
      await video.scrollIntoViewIfNeeded()
      await shoot(`player-${theme}-${width}`)
    }
  }
})
