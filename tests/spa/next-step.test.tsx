import { fireEvent, screen, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { videos as videosTable } from '../../server/db/schema.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { addMcqs } from '../support/media.ts'
import { assignPackages } from '../support/users.ts'
import { openTest } from '../support/assessment.ts'

const player = () => document.querySelector('video')!

async function openViewer(packageId: number) {
  const view = renderApp(`/topics/${packageId}`)
  await screen.findByRole('heading', { name: 'Safety', level: 1 })
  return view
}

describe("what comes next when a video finishes, in the package's order", () => {
  it("offers 'Next: {title}' for the next video, then the sub-topic's test, and says where the package ends", async () => {
    const admin = await testContext().createUser({ role: 'admin' })
    const pkg = await seedTree(admin.token, {
      title: 'Safety',
      skills: [
        {
          title: 'Fire',
          topics: [
            {
              title: 'Basics',
              subTopics: [
                { title: 'Alarms', videos: ['Alarm bells', 'Sirens'] },
                { title: 'Exits', videos: ['Doors'] },
              ],
            },
          ],
        },
      ],
    })
    const [alarms] = pkg.skills[0]!.topics[0]!.subTopics
    await addMcqs(admin.token, alarms!.id, [{ question: 'Loud?', options: { A: 'Yes', B: 'No' }, correct: 'A' }])
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    const { user } = await openViewer(pkg.id)

    expect(player()).toHaveAttribute('aria-label', 'Video: Alarm bells')
    fireEvent.ended(player())
    await user.click(await screen.findByRole('button', { name: 'Next: Sirens' }))
    expect(player()).toHaveAttribute('aria-label', 'Video: Sirens')
    expect(screen.queryByRole('button', { name: /^Next:/ })).not.toBeInTheDocument()

    fireEvent.ended(player())
    expect(await screen.findByRole('link', { name: 'Next: Alarms test' })).toHaveAttribute('href', `/mcq-test/${alarms!.id}`)

    const outline = screen.getByRole('navigation', { name: 'Course content' })
    await user.click(await within(outline).findByRole('button', { name: /^Exits/ }))
    await user.click(within(within(outline).getByRole('list', { name: 'Videos of Exits' })).getByRole('button', { name: 'Doors' }))
    fireEvent.ended(player())
    expect(await screen.findByRole('heading', { name: 'End of the package' })).toBeInTheDocument()
    expect(
      screen.getByText(/That was the last video\. 0 of 2 sub-topics complete: the course content shows what is left\./),
    ).toBeInTheDocument()
  })

  it("says 'Package complete' and what it means when the last step is done", async () => {
    const admin = await testContext().createUser({ role: 'admin' })
    const pkg = await seedTree(admin.token, {
      title: 'Safety',
      skills: [{ title: 'Fire', topics: [{ title: 'Basics', subTopics: [{ title: 'Alarms', videos: ['Alarm bells'] }] }] }],
    })
    const video = pkg.skills[0]!.topics[0]!.subTopics[0]!.videos[0]!
    const ctx = testContext()
    await ctx.deps.db.update(videosTable).set({ durationSeconds: 20 }).where(eq(videosTable.id, video.id))
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    await ctx.request('PUT', `/api/progress/videos/${video.id}`, { token: me.token, body: { position: 0, watched: [] } })
    ctx.now = new Date(ctx.now.getTime() + 60_000)
    await ctx.request('PUT', `/api/progress/videos/${video.id}`, { token: me.token, body: { position: 20, watched: [[0, 20]] } })

    await openViewer(pkg.id)
    fireEvent.ended(player())
    expect(await screen.findByRole('heading', { name: 'Package complete' })).toBeInTheDocument()
    expect(screen.getByText(/You have watched every video and passed every test that counts in this package/)).toBeInTheDocument()
  })
})

type User = ReturnType<typeof renderApp>['user']

/** Ticks one option of the test's only question and submits; resolves on the result. */
async function submitAnswer(user: User, option: string) {
  const question = await screen.findByRole('group', { name: /^1\. / })
  await user.click(within(question).getByRole('checkbox', { name: option }))
  await user.click(screen.getByRole('button', { name: 'Submit Test' }))
  return screen.findByRole('heading', { name: 'Test Completed' })
}

const LOUD = [{ question: 'Loud?', options: { A: 'Yes', B: 'No' }, correct: 'A' }]

describe('what comes next after a passed test, in the package’s order', () => {
  it("offers 'Next: {title}' into the next sub-topic's test or into the viewer at the next video; a failed test offers the retake", async () => {
    const admin = await testContext().createUser({ role: 'admin' })
    const pkg = await seedTree(admin.token, {
      title: 'Safety',
      skills: [
        {
          title: 'Fire',
          topics: [
            {
              title: 'Basics',
              subTopics: [{ title: 'Alarms', videos: ['Alarm bells'] }, { title: 'Exits' }, { title: 'Stairs', videos: ['Steps'] }],
            },
          ],
        },
      ],
    })
    const [alarms, exits, stairs] = pkg.skills[0]!.topics[0]!.subTopics
    await addMcqs(admin.token, alarms!.id, LOUD)
    await addMcqs(admin.token, exits!.id, LOUD)
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])

    const { user } = await openTest(`/mcq-test/${alarms!.id}`)
    await submitAnswer(user, 'A. Yes')
    const nextTest = await screen.findByRole('link', { name: 'Next: Exits test' })
    expect(nextTest).toHaveAttribute('href', `/mcq-test/${exits!.id}`)

    await user.click(nextTest)
    await user.click(await screen.findByRole('button', { name: 'Start test' }))
    await submitAnswer(user, 'B. No')
    expect(screen.getByText('Not passed yet')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Next:/ })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Retake Test' }))
    await submitAnswer(user, 'A. Yes')
    const nextVideo = await screen.findByRole('link', { name: 'Next: Steps' })
    expect(nextVideo).toHaveAttribute('href', `/topics/${pkg.id}?video=${stairs!.videos[0]!.id}`)

    await user.click(nextVideo)
    await screen.findByRole('heading', { name: 'Safety', level: 1 })
    expect(player()).toHaveAttribute('aria-label', 'Video: Steps')
  })

  it("after the package's last test: what is left while a video is unwatched, then 'Package complete' and what it means", async () => {
    const admin = await testContext().createUser({ role: 'admin' })
    const pkg = await seedTree(admin.token, {
      title: 'Safety',
      skills: [{ title: 'Fire', topics: [{ title: 'Basics', subTopics: [{ title: 'Alarms', videos: ['Alarm bells'] }] }] }],
    })
    const alarms = pkg.skills[0]!.topics[0]!.subTopics[0]!
    await addMcqs(admin.token, alarms.id, LOUD)
    const ctx = testContext()
    await ctx.deps.db.update(videosTable).set({ durationSeconds: 20 }).where(eq(videosTable.id, alarms.videos[0]!.id))
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])

    const { user } = await openTest(`/mcq-test/${alarms.id}`)
    await submitAnswer(user, 'A. Yes')
    expect(await screen.findByRole('heading', { name: 'End of the package', level: 3 })).toBeInTheDocument()
    expect(
      screen.getByText("That was the last test. 0 of 1 sub-topic complete: the package's course content shows what is left."),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open the package' })).toHaveAttribute('href', `/topics/${pkg.id}`)

    const video = alarms.videos[0]!.id
    await ctx.request('PUT', `/api/progress/videos/${video}`, { token: me.token, body: { position: 0, watched: [] } })
    ctx.now = new Date(ctx.now.getTime() + 60_000)
    await ctx.request('PUT', `/api/progress/videos/${video}`, { token: me.token, body: { position: 20, watched: [[0, 20]] } })
    await user.click(screen.getByRole('button', { name: 'Retake Test' }))
    await submitAnswer(user, 'A. Yes')
    expect(await screen.findByRole('heading', { name: 'Package complete', level: 3 })).toBeInTheDocument()
    expect(screen.getByText(/You have watched every video and passed every test that counts in this package/)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'End of the package' })).not.toBeInTheDocument()
  })
})
