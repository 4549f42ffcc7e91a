import { screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { videos as videosTable } from '../../server/db/schema.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { assignPackages } from '../support/users.ts'

/**
 * 'Safety': skill 'Fire' (topic 'Basics': 'Alarms' with a 100 s video, half watched, and 'Drills' with nothing in
 * it), skill 'First Aid' (topic 'Wounds': 'Bandages' with a 20 s video, watched), skill 'CPR' with no topics.
 */
async function safety() {
  const admin = await testContext().createUser({ role: 'admin' })
  const pkg = await seedTree(admin.token, {
    title: 'Safety',
    skills: [
      { title: 'Fire', topics: [{ title: 'Basics', subTopics: [{ title: 'Alarms', videos: ['Alarm bells'] }, 'Drills'] }] },
      { title: 'First Aid', topics: [{ title: 'Wounds', subTopics: [{ title: 'Bandages', videos: ['Wrapping'] }] }] },
      { title: 'CPR' },
    ],
  })
  const alarms = pkg.skills[0]!.topics[0]!.subTopics[0]!.videos[0]!
  const bandages = pkg.skills[1]!.topics[0]!.subTopics[0]!.videos[0]!
  const ctx = testContext()
  await ctx.deps.db.update(videosTable).set({ durationSeconds: 100 }).where(eq(videosTable.id, alarms.id))
  await ctx.deps.db.update(videosTable).set({ durationSeconds: 20 }).where(eq(videosTable.id, bandages.id))
  const me = await signInAs('USER')
  await assignPackages(admin.token, me.user.id, [pkg.id])
  return { pkg, alarms, bandages, me }
}

/** Watches [0, to] of a video on another device: a heartbeat as it starts, a minute of clock, then the stretch. */
async function watched(token: string, videoId: number, to: number) {
  const ctx = testContext()
  await ctx.request('PUT', `/api/progress/videos/${videoId}`, { token, body: { position: 0, watched: [] } })
  ctx.now = new Date(ctx.now.getTime() + 60_000)
  const res = await ctx.request('PUT', `/api/progress/videos/${videoId}`, { token, body: { position: to, watched: [[0, to]] } })
  if (res.status !== 200) throw new Error(`heartbeat: ${res.status} ${JSON.stringify(res.body)}`)
}

const FIGURES = '75 % complete · 1 of 2 sub-topics · 1 not counted: nothing to watch or test yet'

// Three screens in one test, on a machine that may be busy: a generous ceiling, never a wait.
describe('the same progress figures on every screen', () => {
  it('My Learning Packages, the home page, and the outline (topics and sub-topics) agree, and say what does not count', async () => {
    const { pkg, alarms, bandages, me } = await safety()
    await watched(me.token, bandages.id, 20)
    await watched(me.token, alarms.id, 45)

    const packagesPage = renderApp('/user/packages')
    const card = await screen.findByRole('article', { name: 'Safety' })
    expect(await within(card).findByText(FIGURES)).toBeInTheDocument()
    expect(within(card).getByRole('progressbar', { name: 'Progress in Safety' })).toHaveAttribute('aria-valuetext', '75 % complete')
    packagesPage.unmount()

    const home = renderApp('/user/my-dashboard')
    const row = await screen.findByRole('region', { name: 'Continue learning' })
    expect(within(row).getByText(FIGURES)).toBeInTheDocument()
    home.unmount()

    const { user } = renderApp(`/topics/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Safety', level: 1 })
    const outline = screen.getByRole('navigation', { name: 'Course content' })
    // The outline's items mount once the header and the player have painted.
    await within(outline).findAllByRole('button')
    await waitFor(() => expect(within(outline).getByRole('button', { name: /^Basics/ })).toHaveTextContent('50 % complete'))
    expect(within(outline).getByRole('button', { name: /^Wounds/ })).toHaveTextContent('100 % complete')
    // each sub-topic control is named by what it shows: its title and the learner's state
    // 'Basics' is open: it holds the first video
    expect(within(outline).getByRole('button', { name: /^Alarms/ })).toHaveAccessibleName('Alarms 50 %')
    const drills = within(outline).getByRole('button', { name: /^Drills/ })
    expect(drills).toHaveAccessibleName('Drills Not counted')
    await user.click(drills)
    expect(await screen.findByText(/Nothing to watch or test here yet, so this sub-topic does not count/)).toBeVisible()
    await user.click(within(outline).getByRole('button', { name: /^Wounds/ }))
    expect(within(outline).getByRole('button', { name: /^Bandages/ })).toHaveAccessibleName('Bandages Done')
  })
})

describe("a skill card's 'Start Learning'", () => {
  it('opens the viewer at that skill', async () => {
    const { pkg } = await safety()
    const { user, router } = renderApp('/user/packages')
    const card = await screen.findByRole('article', { name: 'Safety' })
    const firstAid = within(card).getByRole('group', { name: 'First Aid' })
    const start = within(firstAid).getByRole('link', { name: 'Start Learning' })
    expect(start).toHaveAttribute('href', `/topics/${pkg.id}?skill=${pkg.skills[1]!.id}`)
    await user.click(start)
    await screen.findByRole('heading', { name: 'Safety', level: 1 })
    expect(router.state.location.search).toEqual({ skill: pkg.skills[1]!.id })
    expect(document.querySelector('video')).toHaveAttribute('aria-label', 'Video: Wrapping')
    expect(screen.getByRole('group', { name: 'Now playing' })).toHaveTextContent('WoundsBandages')
    const outline = screen.getByRole('navigation', { name: 'Course content' })
    expect(await within(outline).findByRole('button', { name: /^Wounds/ })).toHaveAttribute('aria-expanded', 'true')
  })

  it('says so when the skill has no topics', async () => {
    await safety()
    const { user } = renderApp('/user/packages')
    const card = await screen.findByRole('article', { name: 'Safety' })
    await user.click(within(within(card).getByRole('group', { name: 'CPR' })).getByRole('link', { name: 'Start Learning' }))
    await screen.findByRole('heading', { name: 'Safety', level: 1 })
    const notice = screen.getByText('CPR has no topics yet. The rest of the package is below.')
    expect(notice.closest('[role="status"]')).not.toBeNull()
    expect(document.querySelector('video')).toHaveAttribute('aria-label', 'Video: Alarm bells')
  })
})
