import { screen, within } from '@testing-library/react'
import { assignmentApi } from '../../server/test/assignments.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { saveSession } from '../../src/api/session.ts'
import { fetchUser } from '../support/users.ts'
import type { User } from '../../contract/auth.ts'

/** The app's clock and the browser's, fixed: 10 Dec 2025, noon UTC. */
const NOW = new Date('2025-12-10T12:00:00Z')
const at = (iso: string) => new Date(iso).toISOString()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  testContext().now = NOW
})

/**
 * A learner with five packages: one overdue since 3 Dec (through a group), one due 12 Dec (directly), one due 31 Dec,
 * one without a due date, and one completed though it was due 1 Dec.
 */
async function learnerWithDueDates() {
  const api = assignmentApi(testContext())
  const adminToken = await api.signInAdmin()
  const learner = await signInAs('USER', { name: 'Lena Learner' })
  const id = learner.user.id
  const overdue = await api.packageWithVideo('Overdue Ethics')
  const soon = await api.packageWithVideo('Soon Safety')
  const later = await api.packageWithVideo('Later Law')
  const undated = await api.packageWithVideo('Anytime Art')
  const done = await api.packageWithVideo('Done Data')
  const group = await api.createGroup('Nights')
  await api.addMembers(group.id, [id])
  await api.giveGroup(group.id, overdue.packageId, { dueAt: at('2025-12-03T17:00:00Z') })
  await api.setDirect(id, soon.packageId, { dueAt: at('2025-12-12T17:00:00Z') })
  await api.setDirect(id, later.packageId, { dueAt: at('2025-12-31T17:00:00Z') })
  await api.assignDirectly(id, [undated.packageId])
  await api.setDirect(id, done.packageId, { dueAt: at('2025-12-01T17:00:00Z') })
  await api.watch(done.videoId, learner.token)
  return { adminToken, learner, group, overdue, soon, later, undated, done }
}

const cardState = (title: string) => {
  const card = screen.getByRole('article', { name: title })
  return within(card)
}

describe('due dates and statuses for the learner', () => {
  it('My Learning Packages says each due date and status in words, and sorts overdue and due soon first', async () => {
    await learnerWithDueDates()
    renderApp('/user/packages')
    await screen.findByRole('article', { name: 'Overdue Ethics package' })
    const titles = screen.getAllByRole('article').map((a) => within(a).getAllByRole('heading')[0]!.textContent)
    expect(titles).toEqual([
      'Overdue Ethics package',
      'Soon Safety package',
      'Later Law package',
      'Anytime Art package',
      'Done Data package',
    ])
    expect(cardState('Overdue Ethics package').getByText('Overdue since 3 Dec')).toBeInTheDocument()
    expect(cardState('Soon Safety package').getByText('Not started')).toBeInTheDocument()
    expect(cardState('Soon Safety package').getByText('Due 12 Dec')).toBeInTheDocument()
    expect(cardState('Later Law package').getByText('Due 31 Dec')).toBeInTheDocument()
    expect(cardState('Anytime Art package').getByText('Not started')).toBeInTheDocument()
    expect(cardState('Anytime Art package').queryByText(/^Due /)).not.toBeInTheDocument()
    expect(cardState('Done Data package').getByText('Completed')).toBeInTheDocument()
    expect(cardState('Done Data package').queryByText(/Overdue/)).not.toBeInTheDocument()
  })

  it('the home page lists what is due this week: overdue and due within seven days, not later, not completed', async () => {
    const { overdue, soon } = await learnerWithDueDates()
    renderApp('/user/my-dashboard')
    const section = await screen.findByRole('region', { name: 'Due this week' })
    const items = within(section).getAllByRole('listitem')
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(['Overdue Ethics package', 'Soon Safety package'])
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `/topics/${overdue.packageId}`)
    expect(within(items[0]!).getByText('Overdue since 3 Dec')).toBeInTheDocument()
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', `/topics/${soon.packageId}`)
    expect(within(items[1]!).getByText('Due 12 Dec')).toBeInTheDocument()
  })

  it('the home page shows no due section when nothing is due this week', async () => {
    const api = assignmentApi(testContext())
    await api.signInAdmin()
    const learner = await signInAs('USER')
    const pkg = await api.packageWithVideo('Calm')
    await api.setDirect(learner.user.id, pkg.packageId, { dueAt: at('2026-02-01T17:00:00Z') })
    renderApp('/user/my-dashboard')
    expect(await screen.findByRole('heading', { name: 'Explore Learning Packages' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Due this week' })).not.toBeInTheDocument()
  })
})

describe('the user detail: where each package comes from', () => {
  it('shows the groups that give a package, offers no Unassign for a group-only one, and edits a direct due date', async () => {
    const { adminToken, learner, soon } = await learnerWithDueDates()
    const admin = await testContext().request<User>('GET', '/api/user/getUserByEmail', { token: adminToken })
    saveSession(adminToken, admin.body.data!)
    const { user } = renderApp(`/user/detail?id=${learner.user.id}`)

    const fromGroup = await screen.findByRole('listitem', { name: 'Overdue Ethics package' })
    expect(within(fromGroup).getByText('Overdue since 3 Dec')).toBeInTheDocument()
    expect(within(fromGroup).getByRole('link', { name: 'Nights' })).toHaveAttribute('href', expect.stringMatching(/^\/groups\/\d+$/))
    expect(within(fromGroup).getByText(/remove it in the group to take it away/)).toBeInTheDocument()
    expect(within(fromGroup).queryByRole('button', { name: /^Unassign/ })).not.toBeInTheDocument()

    const direct = screen.getByRole('listitem', { name: 'Soon Safety package' })
    expect(
      within(direct).getByText(/Assigned directly: Due 12 Dec; reminders 7 days before, 1 day before, 1 day after/),
    ).toBeInTheDocument()
    await user.click(within(direct).getByRole('button', { name: 'Edit due date of Soon Safety package' }))
    const form = await within(direct).findByRole('form', { name: 'Direct due date of Soon Safety package' })
    await user.click(within(form).getByRole('radio', { name: 'Days after assignment' }))
    await user.type(within(form).getByRole('textbox', { name: 'Days after assignment' }), '20')
    await user.click(within(form).getByRole('button', { name: 'Save due date' }))
    expect(await within(direct).findByText(/Assigned directly: Due 20 days after assignment/)).toBeInTheDocument()
    const saved = (await fetchUser(adminToken, learner.user.id)).packages.find((p) => p.id === soon.packageId)!
    expect(saved.directDue).toEqual({ dueAt: null, dueDays: 20, reminderDays: [7, 1, -1] })
  })
})
