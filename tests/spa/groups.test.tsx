import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import type { GroupDetail, GroupSummary } from '../../contract/groups.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { gate, mswServer, recordRequests } from '../support/server.ts'
import { findToast } from '../support/toasts.ts'
import { fetchUser, seedLearners, seedPackage } from '../support/users.ts'
import { groupKeys } from '../../src/queries/groups.ts'

/** The app's clock and the browser's, fixed: 10 Dec 2025, noon UTC. */
const NOW = new Date('2025-12-10T12:00:00Z')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW })
  testContext().now = NOW
})

async function createGroupViaApi(token: string, name: string, description = '') {
  const res = await testContext().request<GroupSummary>('POST', '/api/groups', { token, body: { name, description } })
  return res.body.data!
}
const groupViaApi = async (token: string, id: number) =>
  (await testContext().request<GroupDetail>('GET', `/api/groups/${id}`, { token })).body.data!
const groupsTable = () => screen.getByRole('table', { name: 'Groups' })
const rowOf = (name: string) => within(groupsTable()).getByRole('link', { name }).closest('tr')!

describe('/groups', () => {
  it('creates a group, lists it with its counts, and refuses a name already used in another case', async () => {
    const { token } = await signInAs('admin')
    const { user } = renderApp('/groups')
    expect(await screen.findByRole('heading', { name: 'Groups', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('No groups yet. Create one above.')).toBeInTheDocument()

    const form = screen.getByRole('form', { name: 'Create group' })
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Night shift')
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Wards 4 and 5')
    await user.click(within(form).getByRole('button', { name: 'Create group' }))
    await findToast('Group created')
    const row = await waitFor(() => rowOf('Night shift'))
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Night shift', 'Wards 4 and 5', '0', '0', 'RenameDelete'])
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('')

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'NIGHT SHIFT')
    await user.click(within(form).getByRole('button', { name: 'Create group' }))
    expect(await within(form).findByText('A group named "NIGHT SHIFT" already exists')).toBeInTheDocument()
    expect((await testContext().request<GroupSummary[]>('GET', '/api/groups', { token })).body.data).toHaveLength(1)
  })

  it('checks the name with the contract before sending anything', async () => {
    await signInAs('admin')
    const calls = recordRequests()
    const { user } = renderApp('/groups')
    const form = await screen.findByRole('form', { name: 'Create group' })
    await user.click(within(form).getByRole('button', { name: 'Create group' }))
    expect(await within(form).findByText('Name is required')).toBeInTheDocument()
    expect(calls.seen.filter((c) => c.startsWith('POST'))).toEqual([])
  })

  it('renames a group in its dialog and deletes one after confirming', async () => {
    const { token } = await signInAs('admin')
    await createGroupViaApi(token, 'Nights')
    const gone = await createGroupViaApi(token, 'Temporary')
    const { user } = renderApp('/groups')
    await screen.findByRole('table', { name: 'Groups' })

    await user.click(await screen.findByRole('button', { name: 'Rename Nights' }))
    const rename = await screen.findByRole('dialog', { name: 'Rename group' })
    const name = within(rename).getByRole('textbox', { name: 'Name' })
    await user.clear(name)
    await user.type(name, 'Night shift')
    await user.click(within(rename).getByRole('button', { name: 'Save' }))
    await findToast('Group updated')
    await waitFor(() => expect(rowOf('Night shift')).toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Delete Temporary' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete group' })
    expect(within(confirm).getByText('Delete the group “Temporary”?')).toBeInTheDocument()
    expect(within(confirm).getByText(/Their progress and attempts are kept/)).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await findToast('Group deleted')
    await waitFor(() => expect(within(groupsTable()).queryByRole('link', { name: 'Temporary' })).not.toBeInTheDocument())
    expect((await testContext().request('GET', `/api/groups/${gone.id}`, { token })).status).toBe(404)
  })
})

describe('/groups/{id}: the group page', () => {
  it('adds a member found by search, assigns a package with a due date, and shows the reminders as a sentence', async () => {
    const { token } = await signInAs('admin')
    const [ann] = await seedLearners(1, 'Ann Learner')
    await seedLearners(1, 'Bob Other')
    const safety = await seedPackage(token, 'Fire Safety')
    const group = await createGroupViaApi(token, 'Night shift', 'Wards 4 and 5')
    const { user } = renderApp(`/groups/${group.id}`)
    expect(await screen.findByRole('heading', { name: 'Night shift', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('No members yet.')).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Add members' }), 'ann')
    const results = await screen.findByRole('list', { name: 'Matching users' })
    expect(within(results).queryByText(/Bob Other/)).not.toBeInTheDocument()
    await user.click(within(results).getByRole('button', { name: 'Add Ann Learner 01' }))
    await findToast('Member added')
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Add members' })).toHaveFocus())
    const members = await screen.findByRole('list', { name: 'Members' })
    expect(within(members).getByRole('link', { name: 'Ann Learner 01' })).toHaveAttribute('href', `/user/detail?id=${ann!.id}`)

    const assign = screen.getByRole('form', { name: 'Assign a package to the group' })
    await user.selectOptions(within(assign).getByRole('combobox', { name: 'Package' }), String(safety.id))
    await user.click(within(assign).getByRole('radio', { name: 'On a date' }))
    const date = within(assign).getByLabelText(/Due on/)
    await user.type(date, '2025-12-15')
    const reminders = within(assign).getByRole('textbox', { name: /^Reminders/ })
    expect(reminders).toHaveValue('7, 1, -1')
    expect(within(assign).getByText('Reminders: 7 days before, 1 day before, 1 day after')).toBeInTheDocument()
    await user.clear(reminders)
    await user.type(reminders, '3, -2')
    expect(within(assign).getByText('Reminders: 3 days before, 2 days after')).toBeInTheDocument()
    await user.click(within(assign).getByRole('button', { name: 'Assign package' }))
    await findToast('Package saved for the group')

    const given = await screen.findByRole('listitem', { name: 'Fire Safety' })
    expect(within(given).getByText('Due 15 Dec')).toBeInTheDocument()
    expect(within(given).getByText('Reminders: 3 days before, 2 days after')).toBeInTheDocument()
    // The member has the package now, due at the end of that day.
    const annPackages = (await fetchUser(token, ann!.id)).packages
    expect(annPackages).toMatchObject([{ id: safety.id, direct: false, groups: [{ id: group.id, name: 'Night shift' }] }])
    expect(new Date(annPackages[0]!.dueAt!).getDate()).toBe(15)
  })

  it('keeps a package just assigned when a read of the group made before the assignment answers after it', async () => {
    const { token } = await signInAs('admin')
    const safety = await seedPackage(token, 'Fire Safety')
    const group = await createGroupViaApi(token, 'Nights')
    const { user, queryClient } = renderApp(`/groups/${group.id}`)
    const assign = await screen.findByRole('form', { name: 'Assign a package to the group' })
    expect(await within(assign).findByRole('option', { name: 'Fire Safety' })).toBeInTheDocument()

    // A refetch of the group (a window focus, say) reads it before the assignment; its answer is held until after.
    const held = gate()
    let readIt!: () => void
    const read = new Promise<void>((resolve) => (readIt = resolve))
    let deliver!: () => void
    const delivered = new Promise<void>((resolve) => (deliver = resolve))
    mswServer.use(
      http.get(
        `*/api/groups/${group.id}`,
        async ({ request }) => {
          const before = await testContext().app.fetch(request)
          readIt()
          await held.opened
          setTimeout(deliver)
          return before
        },
        { once: true },
      ),
    )
    void queryClient.refetchQueries({ queryKey: groupKeys.detail(group.id) })
    await read

    await user.selectOptions(within(assign).getByRole('combobox', { name: 'Package' }), String(safety.id))
    await user.click(within(assign).getByRole('button', { name: 'Assign package' }))
    expect(await screen.findByRole('listitem', { name: 'Fire Safety' })).toBeInTheDocument()

    held.open()
    await delivered
    await waitFor(() => expect(queryClient.isFetching({ queryKey: groupKeys.detail(group.id) })).toBe(0))
    expect(queryClient.getQueryData<GroupDetail>(groupKeys.detail(group.id))?.packages).toMatchObject([{ packageId: safety.id }])
    expect(screen.getByRole('heading', { name: 'Packages (1)' })).toBeInTheDocument()
    expect(screen.getByRole('listitem', { name: 'Fire Safety' })).toBeInTheDocument()
  })

  it('changes a package’s due settings to days after assignment without reminders', async () => {
    const { token } = await signInAs('admin')
    const safety = await seedPackage(token, 'Fire Safety')
    const group = await createGroupViaApi(token, 'Nights')
    await testContext().request('PUT', `/api/groups/${group.id}/packages/${safety.id}`, { token, body: { dueDays: 3 } })
    const { user } = renderApp(`/groups/${group.id}`)
    const given = await screen.findByRole('listitem', { name: 'Fire Safety' })
    expect(within(given).getByText('Due 3 days after assignment')).toBeInTheDocument()

    await user.click(within(given).getByRole('button', { name: 'Edit due date of Fire Safety' }))
    const form = await screen.findByRole('form', { name: 'Due date of Fire Safety' })
    // The package's name stays in sight above its editor.
    expect(within(screen.getByRole('listitem', { name: 'Fire Safety' })).getByText('Fire Safety')).toBeInTheDocument()
    // The editor opens at its first field, and Save brings focus back to the button that opened it.
    await waitFor(() => expect(within(form).getByRole('radio', { name: 'No due date' })).toHaveFocus())
    const days = within(form).getByRole('textbox', { name: 'Days after assignment' })
    await user.clear(days)
    await user.type(days, '14')
    await user.clear(within(form).getByRole('textbox', { name: /^Reminders/ }))
    expect(within(form).getByText('No reminders')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    await findToast('Package saved for the group')
    await waitFor(() =>
      expect(within(screen.getByRole('listitem', { name: 'Fire Safety' })).getByText('Due 14 days after assignment')).toBeInTheDocument(),
    )
    expect(within(screen.getByRole('listitem', { name: 'Fire Safety' })).getByText('No reminders')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit due date of Fire Safety' })).toHaveFocus())
    expect((await groupViaApi(token, group.id)).packages).toMatchObject([{ dueAt: null, dueDays: 14, reminderDays: [] }])
  })

  it('names a missing date or a reminder out of range under its field, and sends nothing', async () => {
    const { token } = await signInAs('admin')
    const safety = await seedPackage(token, 'Fire Safety')
    const group = await createGroupViaApi(token, 'Nights')
    const calls = recordRequests()
    const { user } = renderApp(`/groups/${group.id}`)
    const assign = await screen.findByRole('form', { name: 'Assign a package to the group' })
    await user.click(within(assign).getByRole('button', { name: 'Assign package' }))
    expect(await within(assign).findByRole('combobox', { name: 'Package' })).toHaveAccessibleDescription('Choose a package')

    await user.selectOptions(within(assign).getByRole('combobox', { name: 'Package' }), String(safety.id))
    await user.click(within(assign).getByRole('radio', { name: 'On a date' }))
    await user.click(within(assign).getByRole('button', { name: 'Assign package' }))
    expect(await within(assign).findByText('Choose the due date')).toBeInTheDocument()

    await user.click(within(assign).getByRole('radio', { name: 'No due date' }))
    const reminders = within(assign).getByRole('textbox', { name: /^Reminders/ })
    await user.clear(reminders)
    await user.type(reminders, '400')
    await user.click(within(assign).getByRole('button', { name: 'Assign package' }))
    expect(await within(assign).findByText('Reminder offsets must be between -365 and 365 days')).toBeInTheDocument()
    expect(calls.seen.filter((c) => c.startsWith('PUT'))).toEqual([])
  })

  it('removes a member after confirming', async () => {
    const { token } = await signInAs('admin')
    const [ann] = await seedLearners(1, 'Ann Learner')
    const group = await createGroupViaApi(token, 'Nights')
    await testContext().request('POST', `/api/groups/${group.id}/members`, { token, body: { userIds: [ann!.id] } })
    const { user } = renderApp(`/groups/${group.id}`)
    await user.click(await screen.findByRole('button', { name: 'Remove Ann Learner 01' }))
    const confirm = await screen.findByRole('dialog', { name: 'Remove member' })
    expect(within(confirm).getByText('Remove Ann Learner 01 from Nights?')).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    await findToast('Member removed')
    expect(await screen.findByText('No members yet.')).toBeInTheDocument()
    expect((await groupViaApi(token, group.id)).members).toEqual([])
  })

  it("says 'Group not found' for a group that does not exist, with the way back", async () => {
    await signInAs('admin')
    renderApp('/groups/999')
    expect(await screen.findByText('Group not found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to groups' })).toHaveAttribute('href', '/groups')
  })

  it('is in the admin sidebar', async () => {
    await signInAs('admin')
    const { user, pathname } = renderApp('/dashboard')
    await user.click(await screen.findByRole('link', { name: 'Groups' }))
    await waitFor(() => expect(pathname()).toBe('/groups'))
  })
})
