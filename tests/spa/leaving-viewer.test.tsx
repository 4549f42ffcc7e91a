import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { videos as videosTable, watchCredit } from '../../server/db/schema.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { assignPackages } from '../support/users.ts'

/**
 * Every way of leaving the viewer sends what was played since the last heartbeat, and a visit that resumes adds
 * to it: 0:00–0:08 on one visit and 0:08–0:18 on the next complete an 18 s video.
 */

async function lessonPackage() {
  const admin = await testContext().createUser({ role: 'admin' })
  const pkg = await seedTree(admin.token, {
    title: 'Safety',
    skills: [{ title: 'Fire', topics: [{ title: 'Basics', subTopics: [{ title: 'Alarms', videos: ['Lesson'] }] }] }],
  })
  const video = pkg.skills[0]!.topics[0]!.subTopics[0]!.videos[0]!
  await testContext().deps.db.update(videosTable).set({ durationSeconds: 18 }).where(eq(videosTable.id, video.id))
  const me = await signInAs('USER')
  await assignPackages(admin.token, me.user.id, [pkg.id])
  return { pkg, video, me }
}

const player = () => document.querySelector('video')!

/** Moves the server's clock on, as real time passes while the video plays. */
function advanceClock(seconds: number) {
  const ctx = testContext()
  ctx.now = new Date(ctx.now.getTime() + seconds * 1000)
}

/** Whether a heartbeat has landed at the server's present time (it refills the learner's budget to it). */
async function heartbeatLandedNow(userId: number) {
  const [row] = await testContext().deps.db.select().from(watchCredit).where(eq(watchCredit.userId, userId))
  return row?.refilledAt.getTime() === testContext().now.getTime()
}

/**
 * Plays the open video from `from` to `to` (the browser's timeupdates every 2 s) and keeps playing; the server's
 * clock moves on once the heartbeat sent as playing starts has landed, as it would in real time.
 */
async function play(userId: number, from: number, to: number) {
  const video = player()
  video.currentTime = from
  fireEvent.play(video)
  await waitFor(async () => expect(await heartbeatLandedNow(userId)).toBe(true))
  advanceClock(to - from)
  for (let t = from + 2; t <= to; t += 2) {
    video.currentTime = t
    fireEvent.timeUpdate(video)
  }
}

async function watchedSeconds(token: string, videoId: number) {
  const res = await testContext().request<{ watchedSeconds: number; completed: boolean }>('GET', `/api/progress/videos/${videoId}`, {
    token,
  })
  return res.body.data!
}

async function openViewer(packageId: number) {
  const view = renderApp(`/topics/${packageId}`)
  await screen.findByRole('heading', { name: 'Safety', level: 1 })
  fireEvent.loadedMetadata(player())
  return view
}

// Each test plays through two page loads on a machine that may be busy: a generous ceiling, never a wait.
describe('leaving the viewer keeps what was watched', () => {
  it('closing the tab or reloading (pagehide) sends the pending ranges', async () => {
    const { pkg, video, me } = await lessonPackage()
    await openViewer(pkg.id)
    await play(me.user.id, 0, 8)
    act(() => void window.dispatchEvent(new Event('pagehide')))
    await waitFor(async () => expect((await watchedSeconds(me.token, video.id)).watchedSeconds).toBe(8))
  })

  it("the browser's back button sends the pending ranges", async () => {
    const { pkg, video, me } = await lessonPackage()
    const { router } = renderApp('/user/packages')
    await screen.findByRole('heading', { name: 'My Learning Packages', level: 1 })
    await act(() => router.navigate({ to: '/topics/$id', params: { id: pkg.id } }))
    await screen.findByRole('heading', { name: 'Safety', level: 1 })
    fireEvent.loadedMetadata(player())
    await play(me.user.id, 0, 8)
    act(() => router.history.back())
    await screen.findByRole('heading', { name: 'My Learning Packages', level: 1 })
    await waitFor(async () => expect((await watchedSeconds(me.token, video.id)).watchedSeconds).toBe(8))
  })

  it('navigating inside the app sends the pending ranges', async () => {
    const { pkg, video, me } = await lessonPackage()
    const { user } = await openViewer(pkg.id)
    await play(me.user.id, 0, 8)
    await user.click(screen.getByRole('link', { name: 'My Packages' }))
    await screen.findByRole('heading', { name: 'My Learning Packages', level: 1 })
    await waitFor(async () => expect((await watchedSeconds(me.token, video.id)).watchedSeconds).toBe(8))
  })

  it('0:00–0:08, leave, come back at 0:08 and play to the end: the video completes and shows a tick', async () => {
    const { pkg, video, me } = await lessonPackage()
    const first = await openViewer(pkg.id)
    await play(me.user.id, 0, 8)
    act(() => void window.dispatchEvent(new Event('pagehide')))
    await waitFor(async () => expect((await watchedSeconds(me.token, video.id)).watchedSeconds).toBe(8))
    first.unmount()

    advanceClock(3600)
    await openViewer(pkg.id)
    expect(screen.getByText(/Resumed at 0:08/)).toBeInTheDocument()
    expect(player().currentTime).toBe(8)
    await play(me.user.id, 8, 18)
    fireEvent.ended(player())
    await waitFor(async () => expect(await watchedSeconds(me.token, video.id)).toMatchObject({ watchedSeconds: 18, completed: true }))
    const outline = screen.getByRole('navigation', { name: 'Course content' })
    await within(outline).findByRole('button', { name: /Alarms/ })
    const videos = within(outline).getByRole('list', { name: 'Videos of Alarms' })
    await waitFor(() => expect(within(videos).getByRole('button', { name: /Lesson/ })).toHaveAccessibleName('Lesson, watched'))
  })
})
