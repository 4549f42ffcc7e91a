import { screen, waitFor, within } from '@testing-library/react'
import type { User } from '../../contract/auth.ts'
import { getRole, getStoredUser } from '../../src/api/session.ts'
import { HttpResponse, http } from 'msw'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { mswServer, recordRequests } from '../support/server.ts'
import { assignPackages, failing, fetchUser, seedLearners, seedPackage } from '../support/users.ts'
import { findToast, queryToasts } from '../support/toasts.ts'

const table = () => screen.getByRole('table', { name: 'Users' })
const bodyRows = () => within(table()).getAllByRole('row').slice(1)
const idsShown = () => bodyRows().map((row) => Number(within(row).getAllByRole('cell')[0]!.textContent))
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
const search = (router: ReturnType<typeof renderApp>['router']) => router.state.location.search as Record<string, unknown>

describe('/admin/paginated-users', () => {
  it('lists users 10 per page with the seven columns, initials for missing pictures, and links to each user', async () => {
    const { token } = await signInAs('admin', { name: 'Admin Person' })
    const [ada] = await seedLearners(1, 'Ada Lovelace')
    const [grace] = await seedLearners(1, 'Grace Hopper')
    // Grace sets a picture and her given/family names through her own profile.
    const graceToken = await testContext().deps.tokens.sign({ userId: grace!.id, role: 'USER' })
    await testContext().request('PUT', '/api/user/profile', {
      token: graceToken,
      body: { name: grace!.name, givenName: 'Grace', familyName: 'Hopper', pictureUrl: 'https://example.com/grace.png' },
    })
    void token
    renderApp('/admin/paginated-users')

    expect(await screen.findByRole('heading', { name: 'Users Details' })).toBeInTheDocument()
    await waitFor(() => expect(bodyRows()).toHaveLength(3))
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Picture', 'Name', 'Email', 'Role', 'Given Name', 'Family Name'])

    const adaRow = bodyRows()[1]!
    const adaCells = within(adaRow).getAllByRole('cell')
    expect(adaCells[0]).toHaveTextContent(String(ada!.id))
    expect(adaCells[1]).toHaveTextContent('AL') // no picture: initials
    expect(within(adaRow).getByRole('link', { name: 'Ada Lovelace 01' })).toHaveAttribute('href', `/user/detail?id=${ada!.id}`)
    expect(adaCells[3]).toHaveTextContent('ada.lovelace01@example.com')
    expect(adaCells[4]).toHaveTextContent('USER')

    const graceCells = within(bodyRows()[2]!).getAllByRole('cell')
    expect(within(graceCells[1]!).getByRole('img', { name: "Grace Hopper 01's picture" })).toHaveAttribute(
      'src',
      'https://example.com/grace.png',
    )
    expect(graceCells[5]).toHaveTextContent('Grace')
    expect(graceCells[6]).toHaveTextContent('Hopper')

    expect(within(bodyRows()[0]!).getAllByRole('cell')[4]).toHaveTextContent('admin')
  })

  it('pages 25 users as 3 pages with Previous, numbered pages and Next, keeping the page in the URL', async () => {
    await signInAs('admin')
    await seedLearners(24)
    const { user, router } = renderApp('/admin/paginated-users')

    await waitFor(() => expect(idsShown()).toEqual(range(1, 10)))
    const pager = screen.getByRole('navigation', { name: 'Users pages' })
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeInTheDocument()
    expect(within(pager).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getByText('Showing 1–10 of 25 users')).toBeInTheDocument()

    await user.click(within(pager).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(idsShown()).toEqual(range(11, 20)))
    expect(search(router).page).toBe(2)
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')

    await user.click(within(pager).getByRole('button', { name: 'Page 3' }))
    await waitFor(() => expect(idsShown()).toEqual(range(21, 25)))
    expect(search(router).page).toBe(3)
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(screen.getByText('Showing 21–25 of 25 users')).toBeInTheDocument()

    await user.click(within(pager).getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(idsShown()).toEqual(range(11, 20)))

    await user.click(within(pager).getByRole('button', { name: 'Page 1' }))
    await waitFor(() => expect(idsShown()).toEqual(range(1, 10)))
    expect(search(router).page).toBeUndefined() // the default is left out of the URL
  })

  it('opens the page the URL names (1-based in the URL, 0-based on the wire)', async () => {
    await signInAs('admin')
    await seedLearners(14)
    const requests = recordRequests()
    renderApp('/admin/paginated-users?page=2')
    await waitFor(() => expect(idsShown()).toEqual(range(11, 15)))
    requests.stop()
    expect(requests.seen).toContain('GET /api/user/getPaginatedUsers')
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  })

  it("toasts 'Failed to fetch users' and shows the failure inline, with a retry", async () => {
    await signInAs('admin')
    failing('get', '/user/getPaginatedUsers')
    const { user } = renderApp('/admin/paginated-users')
    expect(await findToast('Failed to fetch users')).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch users')
    expect(queryToasts('Failed to fetch users')).toHaveLength(1)

    const { mswServer } = await import('../support/server.ts')
    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(bodyRows()).toHaveLength(1))
  })
})

describe('/user/list (All Users)', () => {
  it('shows a grid of picture, name, e-mail and role with Previous and Next', async () => {
    await signInAs('admin', { name: 'Admin Person' })
    await seedLearners(24)
    const { user, router } = renderApp('/user/list')

    expect(await screen.findByRole('heading', { name: 'All Users' })).toBeInTheDocument()
    const grid = await screen.findByRole('list', { name: 'Users' })
    expect(within(grid).getAllByRole('listitem')).toHaveLength(12)
    const admin = within(grid).getByRole('listitem', { name: 'Admin Person' })
    expect(within(admin).getByText('AP')).toBeInTheDocument()
    expect(within(admin).getByText('admin')).toBeInTheDocument()
    const first = within(grid).getByRole('listitem', { name: 'Learner 01' })
    expect(within(first).getByText('learner01@example.com')).toBeInTheDocument()
    expect(within(first).getByText('USER')).toBeInTheDocument()
    expect(within(first).getByRole('link', { name: 'Learner 01' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/user\/detail\?id=\d+$/),
    )

    const pager = screen.getByRole('navigation', { name: 'All users pages' })
    expect(within(pager).getByText('Page 1 of 3')).toBeInTheDocument()
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await user.click(within(pager).getByRole('button', { name: 'Next' }))
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Users' })).queryByRole('listitem', { name: 'Learner 12' })).toBeInTheDocument(),
    )
    expect(search(router).page).toBe(2)
    await user.click(within(pager).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem')).toHaveLength(1))
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(within(pager).getByRole('button', { name: 'Previous' }))
    await waitFor(() => expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument())
  })

  it("toasts 'Failed to fetch users' when the list fails", async () => {
    await signInAs('admin')
    failing('get', '/user/getPaginatedUsers')
    renderApp('/user/list')
    expect(await findToast('Failed to fetch users')).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch users')
  })
})

describe('/user/detail', () => {
  async function setup() {
    const admin = await signInAs('admin', { name: 'Admin Person' })
    const [learner] = await seedLearners(1, 'Katherine Johnson')
    const learnerToken = await testContext().deps.tokens.sign({ userId: learner!.id, role: 'USER' })
    await testContext().request('PUT', '/api/user/profile', {
      token: learnerToken,
      body: { name: 'Katherine Johnson', givenName: 'Katherine', familyName: 'Johnson' },
    })
    const algebra = await seedPackage(admin.token, 'Algebra', 'Equations and functions')
    const orbits = await seedPackage(admin.token, 'Orbits', 'Trajectories by hand')
    await assignPackages(admin.token, learner!.id, [algebra.id, orbits.id])
    return { admin, learner: learner!, algebra, orbits }
  }

  it('shows the profile, role and assigned packages, with a shortcut to the assigner', async () => {
    const { learner, algebra } = await setup()
    renderApp(`/user/detail?id=${learner.id}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Katherine Johnson' })).toBeInTheDocument()
    const profile = screen.getByRole('region', { name: 'Profile' })
    expect(within(profile).getByText('KJ')).toBeInTheDocument()
    expect(within(profile).getByText(learner.email)).toBeInTheDocument()
    expect(within(profile).getByText('E-mail verified')).toBeInTheDocument()
    expect(within(profile).getByText('Katherine')).toBeInTheDocument()
    expect(within(profile).getByText('Johnson')).toBeInTheDocument()
    expect(screen.getByLabelText('Role')).toHaveValue('USER')

    const packages = screen.getByRole('region', { name: /Assigned packages \(2\)/ })
    const item = within(packages).getByRole('listitem', { name: 'Algebra' })
    expect(within(item).getByText('Equations and functions')).toBeInTheDocument()
    expect(within(item).getByRole('link', { name: 'Algebra' })).toHaveAttribute('href', `/package/${algebra.id}`)
    expect(within(packages).getByRole('listitem', { name: 'Orbits' })).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Assign packages' })[0]).toHaveAttribute(
      'href',
      `/admin/package-assigner?q=${encodeURIComponent(learner.email)}`,
    )
    const attempts = await screen.findByRole('region', { name: 'Recent attempts' })
    expect(await within(attempts).findByText('No attempts yet.')).toBeInTheDocument()
  })

  it("lists the user's recent attempts", async () => {
    const { admin, learner, algebra } = await setup()
    const ctx = testContext()
    const pkg = (await ctx.request<{ skills: { id: number }[] }>('GET', `/api/packages/${algebra.id}`, { token: admin.token })).body.data!
    const saved = await ctx.request<{ topics: { subTopics: { id: number }[] }[] }>('PUT', `/api/topic/by-skill/${pkg.skills[0]!.id}`, {
      token: admin.token,
      body: { topics: [{ title: 'Linear', description: 'd', subTopics: [{ title: 'One variable', description: 'd' }] }] },
    })
    const subTopicId = saved.body.data!.topics[0]!.subTopics[0]!.id
    const mcq = await ctx.request<{ id: number }>('POST', '/api/mcqs/create', {
      token: admin.token,
      body: { subTopicId, question: 'Q?', options: '{"A":"1","B":"2"}', correctOption: 'B' },
    })
    const learnerToken = await ctx.deps.tokens.sign({ userId: learner.id, role: 'USER' })
    const attempt = await ctx.request('POST', '/api/mcq-attempts/create', {
      token: learnerToken,
      body: { subTopicIds: [subTopicId], answers: { [mcq.body.data!.id]: ['B'] } },
    })
    expect(attempt.status).toBe(201)

    renderApp(`/user/detail?id=${learner.id}`)
    const attempts = await screen.findByRole('region', { name: 'Recent attempts' })
    // The sub-topic by its title, not by its id.
    const row = await within(attempts).findByRole('row', { name: /^One variable 1 1 \/ 1 / })
    expect(row).not.toHaveTextContent(`#${subTopicId}`)
  })

  it("says 'Failed to fetch attempt history' when the user's attempts cannot be fetched", async () => {
    const { learner } = await setup()
    mswServer.use(
      http.get('*/api/mcq-attempts/byUser', () => HttpResponse.json({ success: false, status: 500, message: 'Boom' }, { status: 500 })),
    )
    renderApp(`/user/detail?id=${learner.id}`)
    const attempts = await screen.findByRole('region', { name: 'Recent attempts' })
    expect(await within(attempts).findByText('Failed to fetch attempt history')).toBeInTheDocument()
  })

  it('unassigns a package after confirming', async () => {
    const { admin, learner } = await setup()
    const { user } = renderApp(`/user/detail?id=${learner.id}`)
    const packages = await screen.findByRole('region', { name: /Assigned packages \(2\)/ })
    await user.click(within(packages).getByRole('button', { name: 'Unassign Orbits' }))

    const dialog = await screen.findByRole('dialog', { name: 'Unassign package' })
    expect(dialog).toHaveTextContent('Unassign “Orbits” from Katherine Johnson?')
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }))
    expect(await findToast('Package unassigned')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('region', { name: /Assigned packages \(1\)/ })).toBeInTheDocument())
    expect(screen.queryByRole('listitem', { name: 'Orbits' })).not.toBeInTheDocument()
    expect((await fetchUser(admin.token, learner.id)).packages.map((p) => p.title)).toEqual(['Algebra'])
  })

  it('cancelling the confirmation (or Escape) keeps the package', async () => {
    const { learner } = await setup()
    const { user } = renderApp(`/user/detail?id=${learner.id}`)
    await user.click(await screen.findByRole('button', { name: 'Unassign Algebra' }))
    await screen.findByRole('dialog', { name: 'Unassign package' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('listitem', { name: 'Algebra' })).toBeInTheDocument()
  })

  it('changes a role', async () => {
    const { admin, learner } = await setup()
    const { user } = renderApp(`/user/detail?id=${learner.id}`)
    const select = await screen.findByLabelText('Role')
    const save = screen.getByRole('button', { name: 'Save' })
    expect(save).toBeDisabled()
    await user.selectOptions(select, 'admin')
    await user.click(save)
    expect(await findToast('Role updated')).toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Profile' })).getByText('admin')).toBeInTheDocument())
    expect((await fetchUser(admin.token, learner.id)).role).toBe('admin')
  })

  it("shows the server's refusal when the last admin tries to stop being one", async () => {
    const { admin } = await setup()
    const { user } = renderApp(`/user/detail?id=${admin.user.id}`)
    const select = await screen.findByLabelText('Role')
    expect(screen.getByText('This is your own account.')).toBeInTheDocument()
    await user.selectOptions(select, 'USER')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await findToast('The last administrator cannot stop being an administrator')).toBeInTheDocument()
    await waitFor(() => expect(select).toHaveValue('admin'))
    expect((await fetchUser(admin.token, admin.user.id)).role).toBe('admin')
    expect(getRole()).toBe('admin')
  })

  it('an admin who makes themselves a learner (another admin remaining) leaves the admin screens', async () => {
    const { admin } = await setup()
    await testContext().createUser({ role: 'admin', name: 'Second Admin' })
    const { user, pathname } = renderApp(`/user/detail?id=${admin.user.id}`)
    await user.selectOptions(await screen.findByLabelText('Role'), 'USER')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(pathname()).toBe('/user/my-dashboard'))
    expect(getRole()).toBe('USER')
    expect((getStoredUser() as User).role).toBe('USER')
  })

  it('says when the user does not exist, and when no user is chosen', async () => {
    await signInAs('admin')
    renderApp('/user/detail?id=9999')
    expect(await screen.findByText('User not found with id 9999')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Users Details' })).toHaveAttribute('href', '/admin/paginated-users')
  })

  it('asks for a user when the id is missing', async () => {
    await signInAs('admin')
    renderApp('/user/detail')
    expect(await screen.findByText('No user chosen. Open one from the users table.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Users Details' })).toHaveAttribute('href', '/admin/paginated-users')
  })
})

describe('/admin/package-to-user', () => {
  it("assigns comma-separated package ids, ignoring entries that are not integers: 'Packages assigned to user'", async () => {
    const { token } = await signInAs('admin')
    const [learner] = await seedLearners(1)
    const a = await seedPackage(token, 'Alpha')
    const b = await seedPackage(token, 'Beta')
    const { user } = renderApp('/admin/package-to-user')

    await user.type(await screen.findByRole('textbox', { name: 'User ID' }), String(learner!.id))
    await user.type(screen.getByRole('textbox', { name: 'Package IDs' }), `${a.id}, x, 2.5, , ${b.id}`)
    expect(screen.getByText(`Will assign package IDs: ${a.id}, ${b.id}`)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Assign' }))

    expect(await findToast('Packages assigned to user')).toBeInTheDocument()
    expect(await screen.findByText('Learner 01 now has 2 packages')).toBeInTheDocument()
    expect((await fetchUser(token, learner!.id)).packages.map((p) => p.id)).toEqual([a.id, b.id])
    expect(screen.getByRole('textbox', { name: 'Package IDs' })).toHaveValue('')
  })

  it('blocks sending when no integer package id is left, and when the user ID is missing', async () => {
    await signInAs('admin')
    const requests = recordRequests()
    const { user } = renderApp('/admin/package-to-user')
    await user.type(await screen.findByRole('textbox', { name: 'Package IDs' }), 'abc, , 1.5')
    await user.click(screen.getByRole('button', { name: 'Assign' }))
    expect(screen.getByText('User ID is required')).toBeInTheDocument()
    expect(screen.getByText('Enter at least one package ID: whole numbers separated by commas')).toBeInTheDocument()
    requests.stop()
    expect(requests.seen.filter((r) => r.includes('assign-packages'))).toEqual([])
  })

  it("toasts 'Error assigning packages' and shows the server's message naming unknown ids", async () => {
    const { token } = await signInAs('admin')
    const [learner] = await seedLearners(1)
    const a = await seedPackage(token, 'Alpha')
    const { user } = renderApp('/admin/package-to-user')
    await user.type(await screen.findByRole('textbox', { name: 'User ID' }), String(learner!.id))
    await user.type(screen.getByRole('textbox', { name: 'Package IDs' }), `${a.id},9999`)
    await user.click(screen.getByRole('button', { name: 'Assign' }))

    expect(await findToast('Error assigning packages')).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown package id(s): 9999')
    expect((await fetchUser(token, learner!.id)).packages).toEqual([])
  })

  it("toasts 'Error assigning packages' when the user does not exist", async () => {
    const { token } = await signInAs('admin')
    const a = await seedPackage(token, 'Alpha')
    const { user } = renderApp('/admin/package-to-user')
    await user.type(await screen.findByRole('textbox', { name: 'User ID' }), '4242')
    await user.type(screen.getByRole('textbox', { name: 'Package IDs' }), String(a.id))
    await user.click(screen.getByRole('button', { name: 'Assign' }))
    expect(await findToast('Error assigning packages')).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found with id 4242')
  })
})

describe('learners are kept out of every admin users screen', () => {
  it.each(['/admin/paginated-users', '/user/list', '/user/detail?id=1', '/admin/package-to-user', '/admin/package-assigner'])(
    '%s redirects a learner home',
    async (url) => {
      await signInAs('USER')
      const requests = recordRequests()
      const { pathname } = renderApp(url)
      await waitFor(() => expect(pathname()).toBe('/user/my-dashboard'))
      requests.stop()
      expect(requests.seen.filter((r) => /getPaginatedUsers|\/user\/all|getUserById|assign-packages/.test(r))).toEqual([])
    },
  )
})
