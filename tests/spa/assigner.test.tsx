import { screen, waitFor, within } from '@testing-library/react'
import type { User } from '../../contract/auth.ts'
import { userKeys } from '../../src/queries/user.ts'
import { renderApp, signInAs } from '../support/render.tsx'
import { assignPackages, failing, fetchUser, seedLearners, seedPackage } from '../support/users.ts'
import { findToast } from '../support/toasts.ts'

const table = () => screen.getByRole('table', { name: 'Users and their packages' })
const bodyRows = () => within(table()).getAllByRole('row').slice(1)
const names = () => bodyRows().map((row) => within(row).getAllByRole('cell')[2]!.textContent)
const row = (name: string) => bodyRows().find((r) => within(r).queryByRole('link', { name }))!
const count = (name: string) => within(row(name)).getAllByRole('cell')[3]!.textContent?.replace('View', '')
const offered = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('checkbox')
    .map((c) => c.getAttribute('aria-label'))

async function setup() {
  const admin = await signInAs('admin', { name: 'Admin Person', email: 'boss@example.com' })
  const ada = (await seedLearners(1, 'Ada Lovelace'))[0]!
  const grace = (await seedLearners(1, 'Grace Hopper'))[0]!
  const algebra = await seedPackage(admin.token, 'Algebra', 'Equations and functions')
  const biology = await seedPackage(admin.token, 'Biology', 'Cells and life')
  const chemistry = await seedPackage(admin.token, 'Chemistry', 'Atoms and bonds')
  await assignPackages(admin.token, ada.id, [algebra.id])
  return { admin, ada, grace, algebra, biology, chemistry }
}

describe('/admin/package-assigner', () => {
  it('lists users with ID, Email, Name, a count of assigned packages with View, and Assign', async () => {
    const { ada, grace } = await setup()
    renderApp('/admin/package-assigner')
    expect(await screen.findByRole('heading', { name: 'Assign Packages' })).toBeInTheDocument()
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Email', 'Name', 'Assigned Packages', 'Action'])
    const cells = within(row('Ada Lovelace 01')).getAllByRole('cell')
    expect(cells[0]).toHaveTextContent(String(ada.id))
    expect(cells[1]).toHaveTextContent(ada.email)
    expect(within(cells[2]!).getByRole('link')).toHaveAttribute('href', `/user/detail?id=${ada.id}`)
    expect(count('Ada Lovelace 01')).toBe('1')
    expect(count('Grace Hopper 01')).toBe('0')
    expect(within(cells[3]!).getByRole('button', { name: 'View packages of Ada Lovelace 01' })).toBeInTheDocument()
    expect(within(cells[4]!).getByRole('button', { name: 'Assign packages to Ada Lovelace 01' })).toBeInTheDocument()
    void grace
  })

  it('searches by name or e-mail, case-insensitively, keeping the query in the URL', async () => {
    await setup()
    const { user, router } = renderApp('/admin/package-assigner')
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
    const box = screen.getByRole('searchbox', { name: 'Search users' })

    await user.type(box, 'GRACE')
    await waitFor(() => expect(names()).toEqual(['Grace Hopper 01']))
    expect((router.state.location.search as { q?: string }).q).toBe('GRACE')
    expect(screen.getByText('1 of 3 users match “GRACE”')).toBeInTheDocument()

    await user.clear(box)
    await user.type(box, 'BOSS@EXAMPLE')
    await waitFor(() => expect(names()).toEqual(['Admin Person']))

    await user.clear(box)
    await user.type(box, 'nobody here')
    expect(await screen.findByText('No users match “nobody here”.')).toBeInTheDocument()

    await user.clear(box)
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
  })

  it('opens with the search the URL carries (the user page links here that way)', async () => {
    const { ada } = await setup()
    renderApp(`/admin/package-assigner?q=${encodeURIComponent(ada.email)}`)
    await waitFor(() => expect(names()).toEqual(['Ada Lovelace 01']))
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveValue(ada.email)
  })

  it("offers only the packages not yet assigned, assigns the chosen ones: 'Packages assigned!'", async () => {
    const { admin, ada, algebra, biology, chemistry } = await setup()
    const { user } = renderApp('/admin/package-assigner')
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
    await user.click(within(row('Ada Lovelace 01')).getByRole('button', { name: /^Assign/ }))

    const dialog = await screen.findByRole('dialog', { name: 'Assign packages to Ada Lovelace 01' })
    await waitFor(() => expect(offered(dialog)).toEqual(['Biology', 'Chemistry']))
    expect(within(dialog).getByText('Cells and life')).toBeInTheDocument()
    const submit = within(dialog).getByRole('button', { name: /^Assign/ })
    expect(submit).toBeDisabled()

    await user.click(within(dialog).getByRole('checkbox', { name: 'Chemistry' }))
    expect(within(dialog).getByRole('checkbox', { name: 'Chemistry' })).toBeChecked()
    await user.click(submit)

    expect(await findToast('Packages assigned!')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(count('Ada Lovelace 01')).toBe('2'))
    expect((await fetchUser(admin.token, ada.id)).packages.map((p) => p.id)).toEqual([algebra.id, chemistry.id])
    void biology
  })

  it('clears the selection each time the dialog opens (Escape closes it)', async () => {
    await setup()
    const { user } = renderApp('/admin/package-assigner')
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
    const assignButton = () => within(row('Grace Hopper 01')).getByRole('button', { name: /^Assign/ })

    await user.click(assignButton())
    let dialog = await screen.findByRole('dialog', { name: 'Assign packages to Grace Hopper 01' })
    await waitFor(() => expect(offered(dialog)).toEqual(['Algebra', 'Biology', 'Chemistry']))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Algebra' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Biology' }))
    expect(within(dialog).getByRole('button', { name: 'Assign (2)' })).toBeEnabled()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(assignButton())
    dialog = await screen.findByRole('dialog', { name: 'Assign packages to Grace Hopper 01' })
    for (const box of within(dialog).getAllByRole('checkbox')) expect(box).not.toBeChecked()
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeDisabled()

    // Cancel closes too, and the next opening is clean again.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Chemistry' }))
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(assignButton())
    dialog = await screen.findByRole('dialog', { name: 'Assign packages to Grace Hopper 01' })
    expect(within(dialog).getByRole('checkbox', { name: 'Chemistry' })).not.toBeChecked()
  })

  it('says so when a user already has every package', async () => {
    const { admin, grace, algebra, biology, chemistry } = await setup()
    await assignPackages(admin.token, grace.id, [algebra.id, biology.id, chemistry.id])
    const { user } = renderApp('/admin/package-assigner')
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
    await user.click(within(row('Grace Hopper 01')).getByRole('button', { name: /^Assign/ }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('Grace Hopper 01 already has every package.')).toBeInTheDocument()
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0)
  })

  it("toasts 'Failed to assign packages' when assigning fails, keeping the dialog open", async () => {
    const { admin, grace } = await setup()
    failing('put', '/user/:id/assign-packages')
    const { user } = renderApp('/admin/package-assigner')
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
    await user.click(within(row('Grace Hopper 01')).getByRole('button', { name: /^Assign/ }))
    const dialog = await screen.findByRole('dialog')
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Biology' }))
    await user.click(within(dialog).getByRole('button', { name: 'Assign (1)' }))
    expect(await findToast('Failed to assign packages')).toBeInTheDocument()
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Database unavailable')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    expect((await fetchUser(admin.token, grace.id)).packages).toEqual([])
  })

  it('View lists the assigned packages with title and description; Remove unassigns and updates the count', async () => {
    const { admin, ada, biology } = await setup()
    await assignPackages(admin.token, ada.id, [biology.id])
    const { user } = renderApp('/admin/package-assigner')
    await waitFor(() => expect(count('Ada Lovelace 01')).toBe('2'))
    await user.click(within(row('Ada Lovelace 01')).getByRole('button', { name: /^View/ }))

    const dialog = await screen.findByRole('dialog', { name: 'Packages assigned to Ada Lovelace 01' })
    const algebraItem = within(dialog).getByRole('listitem', { name: 'Algebra' })
    expect(within(algebraItem).getByText('Equations and functions')).toBeInTheDocument()
    expect(within(dialog).getByRole('listitem', { name: 'Biology' })).toHaveTextContent('Cells and life')

    await user.click(within(algebraItem).getByRole('button', { name: 'Remove Algebra' }))
    expect(await findToast('Removed Algebra')).toBeInTheDocument()
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: 'Algebra' })).not.toBeInTheDocument())
    await waitFor(() => expect(count('Ada Lovelace 01')).toBe('1'))
    expect((await fetchUser(admin.token, ada.id)).packages.map((p) => p.title)).toEqual(['Biology'])

    await user.click(within(dialog).getByRole('button', { name: 'Remove Biology' }))
    expect(await within(dialog).findByText('No packages assigned yet.')).toBeInTheDocument()
    await waitFor(() => expect(count('Ada Lovelace 01')).toBe('0'))
    // The footer's Close (the header's × is named 'Close' too)
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('assigning to yourself refreshes your own profile as well', async () => {
    const { admin, biology } = await setup()
    const { user, queryClient } = renderApp('/admin/package-assigner')
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
    await waitFor(() => expect(queryClient.getQueryData<User>(userKeys.current())?.packages).toEqual([]))
    await user.click(within(row('Admin Person')).getByRole('button', { name: /^Assign/ }))
    const dialog = await screen.findByRole('dialog')
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Biology' }))
    await user.click(within(dialog).getByRole('button', { name: 'Assign (1)' }))
    expect(await findToast('Packages assigned!')).toBeInTheDocument()
    await waitFor(() => expect(queryClient.getQueryData<User>(userKeys.current())?.packages.map((p) => p.id)).toEqual([biology.id]))
    void admin
  })

  it("toasts 'Failed to fetch users' when the users cannot be loaded", async () => {
    await setup()
    failing('get', '/user/all')
    renderApp('/admin/package-assigner')
    expect(await findToast('Failed to fetch users')).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch users')
  })

  it("toasts 'Failed to fetch packages' when the packages cannot be loaded, and says so in the dialog", async () => {
    await setup()
    failing('get', '/packages/getAllPackage')
    const { user } = renderApp('/admin/package-assigner')
    expect(await findToast('Failed to fetch packages')).toBeInTheDocument()
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
    await user.click(within(row('Grace Hopper 01')).getByRole('button', { name: /^Assign/ }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to fetch packages')
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0)
  })
})
