import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { admin, api, auth, loginViaApi, newLearner, registerViaApi, storeSession } from './support.ts'

/**
 * Learning progress in Chromium against the real server: a learner plays the demo clip (the 3 s test pattern) for a
 * moment on one device; a second device (a second browser context) opens the package where they left it. Seeking to
 * the end does not complete the video; playing the whole clip does.
 */

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures')

/** A package with one sub-topic holding the clip; a learner it is assigned to. */
async function seed(request: APIRequestContext) {
  const staff = await loginViaApi(request, admin.email, admin.password)
  const pkg = await api<{ id: number; skills: { id: number }[] }>(request, staff, 'post', '/packages/createPackage', {
    title: 'Progress Journey',
    description: 'One clip to watch.',
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
  const videoId = ((await upload.json()) as { data: { id: number } }).data.id
  const credentials = newLearner('Progress')
  await registerViaApi(request, credentials)
  const learner = await loginViaApi(request, credentials.email, credentials.password)
  await api(request, staff, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
  return { packageId: pkg.id, videoId, learner }
}

const player = (page: Page) => page.locator('video')

function metadataLoaded(video: Locator) {
  return video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise((resolve, reject) => {
        if (v.readyState >= 1) return resolve(null)
        v.addEventListener('loadedmetadata', () => resolve(null), { once: true })
        v.addEventListener('error', () => reject(new Error('the video did not load')), { once: true })
      }),
  )
}

/** The next heartbeat the page sends, answered. */
const nextHeartbeat = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/progress\/videos\/\d+$/.test(r.url()) && r.ok())

test('progress follows the learner to a second device, and only real watching completes a video', async ({ browser, request }) => {
  test.setTimeout(60_000)
  const { packageId, videoId, learner } = await seed(request)
  const progressOf = () =>
    api<{ position: number; coverage: number; completed: boolean }>(request, learner, 'get', `/progress/videos/${videoId}`)

  // --- the first device plays the clip for a moment and pauses
  const first = await browser.newContext()
  const one = await first.newPage()
  await storeSession(one, learner)
  await one.goto(`/topics/${packageId}`)
  await metadataLoaded(player(one))
  await player(one).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true
    await v.play()
    await new Promise<void>((resolve) => {
      const check = () => (v.currentTime >= 1.2 ? resolve() : requestAnimationFrame(check))
      check()
    })
    v.pause()
  })
  // The player reports when playback starts and again when it pauses: wait for the pause's report to land.
  await expect.poll(async () => (await progressOf()).position).toBeGreaterThanOrEqual(1.2)
  const left = await progressOf()
  expect(left.completed).toBe(false)
  await first.close()

  // --- a second device opens the package where the learner left it
  const second = await browser.newContext()
  const two = await second.newPage()
  await storeSession(two, learner)
  await two.goto(`/topics/${packageId}`)
  await expect(two.getByText(/Resumed at 0:01/)).toBeVisible()
  await metadataLoaded(player(two))
  await expect.poll(() => player(two).evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(left.position, 0)

  // --- seeking to the end is not watching
  const sought = nextHeartbeat(two)
  await player(two).evaluate(
    (v: HTMLVideoElement) =>
      new Promise((resolve) => {
        v.addEventListener('seeked', () => resolve(null), { once: true })
        v.currentTime = v.duration - 0.05
      }),
  )
  await sought
  expect((await progressOf()).completed).toBe(false)
  const outline = two.getByRole('navigation', { name: 'Course content' })
  await expect(outline.getByRole('button', { name: /^Test pattern/ })).not.toHaveAccessibleName('Test pattern Done')

  // --- playing the whole clip is
  await two.getByRole('button', { name: 'Start over' }).click()
  const ended = nextHeartbeat(two)
  await player(two).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true
    v.currentTime = 0
    await v.play()
    await new Promise((resolve) => v.addEventListener('ended', () => resolve(null), { once: true }))
  })
  await ended
  await expect.poll(async () => (await progressOf()).completed).toBe(true)
  await expect(outline.getByRole('button', { name: /^Test pattern/ })).toHaveAccessibleName('Test pattern Done')
  await second.close()
})
