import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { inArray } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import { videos as videosTable } from '../../server/db/schema.ts'
import { saveSession } from '../../src/api/session.ts'
import { captureDownloads } from '../support/downloads.ts'
import { mswServer, recordBodies } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { recordApi, seedTree } from '../support/learning.ts'
import { assignPackages } from '../support/users.ts'

/**
 * 'Frontend Path': topic 'Foundations' with 'Elements' (videos 'Intro to elements' and 'Attributes') and 'Forms'
 * (video 'Inputs'). Each video is given `seconds` of duration (the test clips last 3 s).
 */
async function frontendPath(seconds = 600) {
  const admin = await testContext().createUser({ role: 'admin' })
  const pkg = await seedTree(admin.token, {
    title: 'Frontend Path',
    skills: [
      {
        title: 'HTML & CSS',
        topics: [
          {
            title: 'Foundations',
            subTopics: [
              { title: 'Elements', videos: ['Intro to elements', 'Attributes'] },
              { title: 'Forms', videos: ['Inputs'] },
            ],
          },
        ],
      },
    ],
  })
  const [elements, forms] = pkg.skills[0]!.topics[0]!.subTopics
  const [intro, attributes] = elements!.videos
  const inputs = forms!.videos[0]!
  await testContext()
    .deps.db.update(videosTable)
    .set({ durationSeconds: seconds })
    .where(inArray(videosTable.id, [intro!.id, attributes!.id, inputs.id]))
  return { admin, pkg, intro: intro!, attributes: attributes!, inputs }
}

/** A heartbeat sent straight to the API, as another device would. */
async function heartbeat(token: string, videoId: number, position: number, watched: [number, number][]) {
  const res = await testContext().request('PUT', `/api/progress/videos/${videoId}`, { token, body: { position, watched } })
  if (res.status !== 200) throw new Error(`heartbeat: ${res.status} ${JSON.stringify(res.body)}`)
}

/** Moves the server's clock on, so the next heartbeat may credit that much watching. */
function advanceClock(seconds: number) {
  const ctx = testContext()
  ctx.now = new Date(ctx.now.getTime() + seconds * 1000)
}

const player = () => document.querySelector('video')!
const outline = () => screen.getByRole('navigation', { name: 'Course content' })
const control = (name: string | RegExp) => within(outline()).getByRole('button', { name })

/** Plays the open video from `from` to `to` in 2-second steps, as the browser reports it, then pauses. */
function watch(from: number, to: number) {
  const video = player()
  video.currentTime = from
  fireEvent.play(video)
  for (let t = from + 2; t <= to; t += 2) {
    video.currentTime = t
    fireEvent.timeUpdate(video)
  }
  fireEvent.pause(video)
}

/** The JSON bodies of the heartbeats the page sends, in order. */
const recordHeartbeats = () => recordBodies<{ position: number; watched: [number, number][] }>('PUT', /\/api\/progress\/videos\/\d+$/)

describe('learning progress in the viewer', () => {
  it("opens the video the learner played last, where they left it, with a polite 'Resumed at 3:12 · Start over'", async () => {
    const { admin, pkg, attributes } = await frontendPath()
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    // Watched on another device: the second video, up to 3:12.
    await heartbeat(me.token, attributes.id, 192, [[189, 192]])

    const { user } = renderApp(`/topics/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })
    expect(player()).toHaveAttribute('aria-label', 'Video: Attributes')
    const line = screen.getByText(/Resumed at 3:12/)
    expect(line.closest('[aria-live="polite"]')).not.toBeNull()
    expect(line.closest('[role="alert"]')).toBeNull()

    fireEvent.loadedMetadata(player())
    expect(player().currentTime).toBe(192)

    await user.click(screen.getByRole('button', { name: 'Start over' }))
    expect(player().currentTime).toBe(0)
    expect(screen.queryByText(/Resumed at/)).not.toBeInTheDocument()
  })

  it('starts from the beginning, with no resume line, when the learner has not played the video', async () => {
    const { admin, pkg } = await frontendPath()
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    renderApp(`/topics/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })
    expect(player()).toHaveAttribute('aria-label', 'Video: Intro to elements')
    fireEvent.loadedMetadata(player())
    expect(player().currentTime).toBe(0)
    expect(screen.queryByText(/Resumed at/)).not.toBeInTheDocument()
  })

  it("updates the outline's percentages from heartbeat answers, without reloading the package tree", async () => {
    const { admin, pkg } = await frontendPath(20)
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    const api = recordApi()
    const progressReads = () => api.seen.filter((r) => r.startsWith(`GET /api/progress/packages/${pkg.id}`)).length
    const { user } = renderApp(`/topics/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })
    // The outline's items mount once the header and the player have painted.
    expect(await within(outline()).findByRole('button', { name: /^Foundations/ })).toHaveTextContent('0 % complete')
    expect(control(/^Elements/)).toHaveAccessibleName('Elements 0 %')
    expect(control(/^Forms/)).toHaveAccessibleName('Forms 0 %')

    await user.click(control(/^Forms/))
    await user.click(within(screen.getByRole('list', { name: 'Videos of Forms' })).getByRole('button', { name: 'Inputs' }))
    // A new learner's budget credits 5 s at first; a minute of clock later, the rest of the clip.
    watch(0, 4)
    await waitFor(() => expect(progressReads()).toBeGreaterThanOrEqual(2))
    advanceClock(60)
    watch(4, 20)
    await waitFor(() => expect(control(/^Forms/)).toHaveAccessibleName('Forms Done'))
    expect(control(/^Foundations/)).toHaveTextContent('50 % complete')
    expect(control(/^Elements/)).toHaveAccessibleName('Elements 0 %')

    expect(api.seen.filter((r) => r === `GET /api/packages/${pkg.id}`)).toHaveLength(1)
    api.stop()
  })

  it('merges a failed heartbeat into the next one, and says nothing about it', async () => {
    const { admin, pkg, intro } = await frontendPath()
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    // The heartbeat sent as playing starts goes through; the next one fails.
    let sent = 0
    mswServer.use(
      http.put('*/api/progress/videos/:videoId', () => {
        if (++sent !== 2) return undefined
        return HttpResponse.json({ success: false, status: 500, message: 'Database unavailable' }, { status: 500 })
      }),
    )
    const bodies = recordHeartbeats()
    renderApp(`/topics/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })

    watch(0, 4)
    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies[1]).toMatchObject({ position: 4, watched: [[0, 4]] })
    // Played on from further in: the next heartbeat (as playing starts again) carries the failed stretch.
    watch(10, 14)
    await waitFor(() => expect(bodies).toHaveLength(4))
    expect(bodies[2]).toMatchObject({ position: 10, watched: [[0, 4]] })
    expect(bodies[3]).toMatchObject({ position: 14, watched: [[10, 14]] })
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(0)
    await waitFor(async () => {
      const saved = await testContext().request<{ position: number }>('GET', `/api/progress/videos/${intro.id}`, { token: me.token })
      expect(saved.body.data!.position).toBe(14)
    })
  })
})

describe('progress on My Learning Packages and the home page', () => {
  it("shows each package's progress bar with its text, and 'Continue' opens the viewer at the resume point", async () => {
    const { admin, pkg, attributes } = await frontendPath()
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    await heartbeat(me.token, attributes.id, 40, [[36, 40]])

    const { user, pathname } = renderApp('/user/packages')
    const card = await screen.findByRole('article', { name: 'Frontend Path' })
    const bar = await within(card).findByRole('progressbar', { name: 'Progress in Frontend Path' })
    expect(bar).toHaveAttribute('aria-valuetext', '0 % complete')
    expect(within(card).getByText(/0 % complete · 0 of 2 sub-topics/)).toBeInTheDocument()

    await user.click(within(card).getByRole('link', { name: 'Continue Frontend Path' }))
    await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })
    expect(pathname()).toBe(`/topics/${pkg.id}`)
    expect(player()).toHaveAttribute('aria-label', 'Video: Attributes')
    expect(screen.getByText(/Resumed at 0:40/)).toBeInTheDocument()
  })

  it("offers no 'Continue' before the learner has played anything", async () => {
    const { admin, pkg } = await frontendPath()
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    renderApp('/user/packages')
    const card = await screen.findByRole('article', { name: 'Frontend Path' })
    expect(await within(card).findByRole('progressbar', { name: 'Progress in Frontend Path' })).toHaveAttribute(
      'aria-valuetext',
      '0 % complete',
    )
    expect(within(card).queryByRole('link', { name: /^Continue/ })).not.toBeInTheDocument()
  })

  it("shows a 'Continue learning' row on the home page only when there is something to continue", async () => {
    const { admin, pkg, inputs } = await frontendPath()
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    const first = renderApp('/user/my-dashboard')
    await screen.findByRole('heading', { name: 'Explore Learning Packages' })
    await waitFor(() => expect(first.queryClient.isFetching()).toBe(0))
    expect(screen.queryByRole('heading', { name: 'Continue learning' })).not.toBeInTheDocument()
    first.unmount()

    await heartbeat(me.token, inputs.id, 75, [[70, 75]])
    const { user, pathname } = renderApp('/user/my-dashboard')
    const row = await screen.findByRole('region', { name: 'Continue learning' })
    const card = within(row).getByRole('article', { name: 'Frontend Path' })
    expect(within(card).getByRole('progressbar', { name: 'Progress in Frontend Path' })).toHaveAttribute('aria-valuetext', '0 % complete')
    await user.click(within(card).getByRole('link', { name: 'Continue Frontend Path' }))
    await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })
    expect(pathname()).toBe(`/topics/${pkg.id}`)
    expect(player()).toHaveAttribute('aria-label', 'Video: Inputs')
    expect(screen.getByText(/Resumed at 1:15/)).toBeInTheDocument()
  })
})

describe('progress on the admin screens', () => {
  /** Two learners on 'Frontend Path': Ada has completed 'Forms' (one of two sub-topics), Bob has not started. */
  async function twoLearners() {
    const course = await frontendPath(20)
    const ada = await testContext().createUser({ name: 'Ada Lovelace', email: 'ada@example.com' })
    const bob = await testContext().createUser({ name: 'Bob Builder', email: 'bob@example.com' })
    await assignPackages(course.admin.token, ada.user.id, [course.pkg.id])
    await assignPackages(course.admin.token, bob.user.id, [course.pkg.id])
    await heartbeat(ada.token, course.inputs.id, 4, [[0, 4]])
    advanceClock(60)
    await heartbeat(ada.token, course.inputs.id, 20, [[4, 20]])
    return { ...course, ada, bob }
  }

  it('/reports lists each learner of the chosen package with their progress, and exports it as CSV', async () => {
    const { admin, pkg } = await twoLearners()
    saveSession(admin.token, admin.user)
    const saved = captureDownloads()
    const { user } = renderApp(`/reports?packageId=${pkg.id}`)
    const table = await screen.findByRole('table', { name: 'Learner progress' })
    await within(table).findByText('Ada Lovelace')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const row = (name: string) => rows.find((r) => r.textContent?.includes(name))
    const ada = row('Ada Lovelace')
    const bob = row('Bob Builder')
    expect(within(ada!).getByRole('progressbar', { name: 'Progress of Ada Lovelace' })).toHaveAttribute('aria-valuetext', '50 % complete')
    expect(ada).toHaveTextContent('ada@example.com')
    expect(ada).toHaveTextContent('1 / 2')
    expect(within(bob!).getByRole('progressbar', { name: 'Progress of Bob Builder' })).toHaveAttribute('aria-valuetext', '0 % complete')
    expect(bob).toHaveTextContent('0 / 2')
    expect(bob).toHaveTextContent('Not started')

    await user.click(screen.getByRole('button', { name: 'Export progress CSV' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.name).toMatch(/\.csv$/)
    const csv = await saved[0]!.blob.text()
    expect(csv).toContain('Ada Lovelace')
    expect(csv).toContain('bob@example.com')
  })

  it("user detail shows the learner's progress in each assigned package", async () => {
    const { admin, ada } = await twoLearners()
    saveSession(admin.token, admin.user)
    renderApp(`/user/detail?id=${ada.user.id}`)
    const item = await screen.findByRole('listitem', { name: 'Frontend Path' })
    const bar = await within(item).findByRole('progressbar', { name: 'Progress in Frontend Path' })
    expect(bar).toHaveAttribute('aria-valuetext', '50 % complete')
    expect(item).toHaveTextContent('1 of 2 sub-topics')
  })
})
