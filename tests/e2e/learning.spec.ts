import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import {
  admin,
  api,
  auth,
  loginViaApi,
  newLearner,
  registerViaApi,
  sidebar,
  signInThroughForm,
  storeSession,
  type Session,
} from './support.ts'

/**
 * The learner's journey in Chromium against the real server: sign in → My Learning Packages → Start Learning →
 * the first video plays and seeks (a real 3 s H.264 clip, served with Range) → a 4-star comment updates the
 * distribution and the average → feedback on the package → it shows in View All Reviews.
 * Then @screenshots of the learner home, My Learning Packages and the viewer in light, dark and at 390 px.
 */

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures')
const clip = () => readFileSync(path.join(FIXTURES, 'clip.mp4'))
const thumbnail = () => readFileSync(path.join(FIXTURES, 'thumbnail.png'))

interface Seeded {
  packageId: number
  packageTitle: string
  otherPackageTitle: string
  firstVideoTitle: string
}

interface Pkg {
  id: number
  skills: { id: number; title: string }[]
}
interface SavedSkill {
  topics: { title: string; subTopics: { id: number; title: string }[] }[]
}

/** A package of two skills with topics, sub-topics and two copies of the clip, plus a second package the learner does not get. */
async function seedCatalogue(request: APIRequestContext, staff: Session, label: string): Promise<Seeded> {
  const packageTitle = `Acoustic Guitar Basics ${label}`
  const pkg = await api<Pkg>(request, staff, 'post', '/packages/createPackage', {
    title: packageTitle,
    description: 'Chords, strumming and timing: play your first songs in four weeks.',
    price: '2499.00',
    skills: [
      { title: 'Chords', description: 'Open major and minor chords, and clean changes between them.', price: '999.00' },
      { title: 'Rhythm', description: 'Strumming patterns and keeping time with a metronome.', price: '799.50' },
    ],
  })
  const [chords, rhythm] = pkg.skills
  const saved = await api<SavedSkill>(request, staff, 'put', `/topic/by-skill/${chords!.id}`, {
    topics: [
      {
        title: 'Open chords',
        description: 'The first shapes.',
        subTopics: [
          { title: 'Major chords', description: 'C, G and D.' },
          { title: 'Minor chords', description: 'Am, Em and Dm.' },
        ],
      },
      { title: 'Strumming', description: 'Down and up.', subTopics: [{ title: 'Down strokes', description: 'Steady quarter notes.' }] },
    ],
  })
  await api(request, staff, 'put', `/topic/by-skill/${rhythm!.id}`, {
    topics: [{ title: 'Timing', description: 'Counting.', subTopics: [{ title: 'Metronome practice', description: '60 to 90 bpm.' }] }],
  })
  const [major, minor] = saved.topics[0]!.subTopics
  for (const [subTopic, title] of [
    [major!, 'C, G and D'],
    [minor!, 'Am and Em'],
  ] as const) {
    const response = await request.post(`/api/videos/upload/${subTopic.id}`, {
      headers: auth(staff),
      multipart: {
        title,
        video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip() },
        thumbnail: { name: 'thumbnail.png', mimeType: 'image/png', buffer: thumbnail() },
      },
    })
    expect(response.status(), await response.text()).toBe(201)
  }
  const otherPackageTitle = `Music Theory ${label}`
  await api(request, staff, 'post', '/packages/createPackage', {
    title: otherPackageTitle,
    description: 'Scales, intervals and reading notation.',
    price: '1499.00',
    skills: [{ title: 'Notation', description: 'Staff, clefs and rhythms.', price: '499.00' }],
  })
  return { packageId: pkg.id, packageTitle, otherPackageTitle, firstVideoTitle: 'C, G and D' }
}

async function learnerWith(request: APIRequestContext, staff: Session, name: string, packageIds: number[]) {
  const credentials = newLearner('Learning')
  credentials.name = name
  await registerViaApi(request, credentials)
  const session = await loginViaApi(request, credentials.email, credentials.password)
  await api(request, staff, 'put', `/user/${session.user.id}/assign-packages`, { packageIds })
  return { credentials, session }
}

const comments = (page: Page) => page.getByRole('region', { name: 'Comments' })
const player = (page: Page) => page.locator('video')

test.describe('learning journey', () => {
  let staff: Session
  let seeded: Seeded

  test.beforeAll(async ({ request }) => {
    staff = await loginViaApi(request, admin.email, admin.password)
    seeded = await seedCatalogue(request, staff, 'Journey')
  })

  test('a learner studies an assigned package: plays and seeks the first video, comments, reviews', async ({ page, request }) => {
    test.setTimeout(90_000)
    const { credentials } = await learnerWith(request, staff, 'Jordan Journey', [seeded.packageId])
    // Media statuses from the start: the browser may fetch the first range as soon as the player appears.
    const mediaStatuses: number[] = []
    page.on('response', (r) => {
      if (r.url().includes('/api/files/')) mediaStatuses.push(r.status())
    })

    await page.goto('/')
    await signInThroughForm(page, credentials.email, credentials.password)
    await expect(page).toHaveURL(/\/user\/my-dashboard$/)

    // My Learning Packages → Start Learning.
    await sidebar(page).getByRole('link', { name: 'My Packages' }).click()
    await expect(page.getByRole('heading', { name: 'My Learning Packages' })).toBeVisible()
    const pkgCard = page.getByRole('article', { name: seeded.packageTitle })
    await expect(pkgCard.getByText('₹2,499.00')).toBeVisible()
    await pkgCard.getByRole('group', { name: 'Chords' }).getByRole('link', { name: 'Start Learning' }).click()
    await expect(page).toHaveURL(new RegExp(`/topics/${seeded.packageId}\\?skill=\\d+$`))
    await expect(page.getByRole('heading', { name: seeded.packageTitle, level: 1 })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Now playing' })).toHaveText(/Open chords.*Major chords/)

    // The first video plays (a play counts a view) and seeking works (the file is served with Range).
    const video = player(page)
    await expect(video).toHaveAttribute('aria-label', `Video: ${seeded.firstVideoTitle}`)
    const viewCounted = page.waitForResponse((r) => /\/api\/videos\/\d+\/view$/.test(r.url()) && r.request().method() === 'POST')
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true // autoplay policy: a muted play needs no gesture
      await v.play()
    })
    expect((await viewCounted).status()).toBe(200)
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2)
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(2)
    const seekedTo = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          v.pause()
          v.addEventListener('seeked', () => resolve(v.currentTime), { once: true })
          v.currentTime = 2
        }),
    )
    expect(seekedTo).toBeCloseTo(2, 0)
    expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull()
    expect(mediaStatuses).toContain(206)

    // A 4-star comment: the distribution and the average follow.
    await expect(comments(page).getByText('No comments to display.')).toBeVisible()
    await page.getByRole('button', { name: 'Leave a Comment' }).click()
    const commentDialog = page.getByRole('dialog', { name: 'Leave a Comment' })
    await commentDialog.getByRole('radio', { name: '4 stars' }).check()
    await commentDialog.getByRole('textbox', { name: 'Comment' }).fill('The slow demo of the chord change helped a lot.')
    await commentDialog.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Comment submitted')).toBeVisible()
    await expect(commentDialog).toBeHidden()
    await expect(comments(page).getByRole('button', { name: '4 stars: 1 (100.0%)' })).toHaveAttribute('aria-pressed', 'false')
    await expect(comments(page).getByRole('button', { name: '5 stars: 0 (0.0%)' })).toBeVisible()
    const average = comments(page).getByRole('group', { name: 'Ratings of this video' })
    await expect(average.getByText('4.0')).toBeVisible()
    await expect(average.getByText('(1 review)')).toBeVisible()
    await expect(
      comments(page).getByRole('list', { name: 'Comment list' }).getByText('The slow demo of the chord change helped a lot.'),
    ).toBeVisible()
    await expect(comments(page).getByRole('list', { name: 'Comment list' }).getByText('Jordan Journey')).toBeVisible()

    // Feedback on the package from My Learning Packages.
    await sidebar(page).getByRole('link', { name: 'My Packages' }).click()
    await page.getByRole('article', { name: seeded.packageTitle }).getByRole('button', { name: 'Give Feedback on Package' }).click()
    const reviewDialog = page.getByRole('dialog', { name: 'Submit Review' })
    await expect(reviewDialog.getByRole('button', { name: 'Submit' })).toBeDisabled()
    await reviewDialog.getByRole('radio', { name: '5 stars' }).check()
    await reviewDialog.getByRole('textbox', { name: 'Your Review' }).fill('Well paced, and the videos are short and clear.')
    await reviewDialog.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Review submitted!')).toBeVisible()
    await expect(reviewDialog).toBeHidden()

    // …and it is listed under View All Reviews on the learner home.
    await sidebar(page).getByRole('link', { name: 'Home' }).click()
    const explore = page.getByRole('region', { name: 'Explore Learning Packages' })
    const catalogueCard = explore.getByRole('article', { name: seeded.packageTitle })
    await expect(catalogueCard.getByText('(1 review)').first()).toBeVisible()
    await catalogueCard.getByRole('button', { name: 'View All Reviews' }).click()
    const reviews = page.getByRole('dialog', { name: `Reviews — ${seeded.packageTitle}` })
    await expect(reviews.getByText('Jordan Journey')).toBeVisible()
    await expect(reviews.getByText('Well paced, and the videos are short and clear.')).toBeVisible()
    await expect(reviews.getByRole('img', { name: 'Rated 5 out of 5' }).first()).toBeVisible()
  })
})

// ---------- screenshots ----------

const OUT = path.resolve(import.meta.dirname, '../../test-results/screenshots')
const COPY = '/tmp/shots'
const PHONE = { width: 390, height: 844 }

async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(OUT, { recursive: true })
  await page.evaluate(async () => {
    await document.fonts.ready
    await new Promise((r) => setTimeout(r, 50))
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)))
  })
  const file = path.join(OUT, `${name}.png`)
  await page.screenshot({ path: file, fullPage })
  try {
    mkdirSync(COPY, { recursive: true })
    copyFileSync(file, path.join(COPY, `${name}.png`))
  } catch {
    // the copy is a convenience
  }
}

test.describe('learning screenshots @screenshots', () => {
  test('learner home, My Learning Packages and the viewer with comments: light, dark and phone', async ({ page, request }) => {
    test.setTimeout(90_000)
    const staff = await loginViaApi(request, admin.email, admin.password)
    const seeded = await seedCatalogue(request, staff, 'Tour')
    const { session } = await learnerWith(request, staff, 'Priya Raman', [seeded.packageId])
    // Classmates' comments and reviews, so the ratings have something to show.
    const tree = await api<{ skills: { topics: { subTopics: { videos: { id: number }[] }[] }[] }[] }>(
      request,
      staff,
      'get',
      `/packages/${seeded.packageId}`,
    )
    const videoId = tree.skills[0]!.topics[0]!.subTopics[0]!.videos[0]!.id
    const said = [
      ['Arjun Mehta', 5, 'Best explanation of the G chord I have found.'],
      ['Sara Lind', 4, 'Clear, though I had to pause a few times.'],
      ['Tomás Ruiz', 3, 'Good, but the camera angle hides the fretting hand.'],
    ] as const
    for (const [name, rating, text] of said) {
      const classmate = await learnerWith(request, staff, name, [seeded.packageId])
      await api(request, classmate.session, 'post', '/comments', { videoId, rating, comment: text })
      await api(request, classmate.session, 'post', '/reviews', {
        targetType: 'PACKAGE',
        targetId: seeded.packageId,
        presentationRating: rating,
        reviewText: text,
        rating: 5,
      })
    }
    await storeSession(page, session)

    const pages = [
      [
        'learning-home',
        '/user/my-dashboard',
        () => page.getByRole('region', { name: 'Explore Learning Packages' }).getByRole('article').first(),
      ],
      ['learning-my-packages', '/user/packages', () => page.getByRole('article', { name: seeded.packageTitle })],
      ['learning-viewer', `/topics/${seeded.packageId}`, () => comments(page).getByText(said[0][2])],
    ] as const
    for (const scheme of ['light', 'dark'] as const) {
      await page.evaluate((s) => localStorage.setItem('theme', s), scheme)
      for (const [name, url, ready] of pages) {
        await page.goto(url)
        await expect(ready()).toBeVisible()
        await shoot(page, `${name}-${scheme}`)
      }
      // The viewer is open: its two dialogs, with a star chosen; then the reviews on the home page.
      await page.getByRole('button', { name: 'Leave a Comment' }).click()
      const commentDialog = page.getByRole('dialog', { name: 'Leave a Comment' })
      await commentDialog.getByRole('radio', { name: '4 stars' }).check()
      await commentDialog.getByRole('textbox', { name: 'Comment' }).fill('Slow it down at 1:20, please.')
      await shoot(page, `learning-comment-dialog-${scheme}`, { fullPage: false })
      await commentDialog.getByRole('button', { name: 'Cancel' }).click()
      await page.getByRole('button', { name: 'Review This Package' }).click()
      await page.getByRole('dialog', { name: 'Submit Review' }).getByRole('radio', { name: '3 stars' }).check()
      await shoot(page, `learning-review-dialog-${scheme}`, { fullPage: false })
      await page.getByRole('dialog', { name: 'Submit Review' }).getByRole('button', { name: 'Cancel' }).click()
      await page.goto('/user/my-dashboard')
      await page
        .getByRole('region', { name: 'Explore Learning Packages' })
        .getByRole('article', { name: seeded.packageTitle })
        .getByRole('button', { name: 'View All Reviews' })
        .click()
      await expect(page.getByRole('dialog', { name: `Reviews — ${seeded.packageTitle}` }).getByText(said[2][2])).toBeVisible()
      await shoot(page, `learning-reviews-dialog-${scheme}`, { fullPage: false })
    }
    await page.setViewportSize(PHONE)
    await page.evaluate(() => localStorage.setItem('theme', 'light'))
    for (const [name, url, ready] of pages) {
      await page.goto(url)
      await expect(ready()).toBeVisible()
      await shoot(page, `${name}-phone`)
    }
    // The viewer at phone width: the outline sits under the player.
    const playerBox = await player(page).boundingBox()
    const outlineBox = await page.getByRole('navigation', { name: 'Course content' }).boundingBox()
    expect(outlineBox!.y).toBeGreaterThan(playerBox!.y + playerBox!.height)
  })
})
