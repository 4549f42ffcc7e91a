import { fireEvent, screen, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { videos as videosTable } from '../../server/db/schema.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { addMcqs } from '../support/media.ts'
import { assignPackages } from '../support/users.ts'

const player = () => document.querySelector('video')!

async function openViewer(packageId: number) {
  const view = renderApp(`/topics/${packageId}`)
  await screen.findByRole('heading', { name: 'Safety', level: 1 }, { timeout: 10_000 })
  return view
}

describe("what comes next when a video finishes, in the package's order", { timeout: 30_000 }, () => {
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
    await user.click(within(outline).getByRole('button', { name: /^Exits/ }))
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
