import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Package } from '../../contract/content.ts'
import { packages as packagesTable } from '../../server/db/schema.ts'
import { gate, mswServer, recordRequests } from '../support/server.ts'
import { findToast, queryToasts } from '../support/toasts.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'

type SkillBody = { title: string; description: string; price: string | number }
type PackageBody = { title: string; description: string; price: string | number; skills: SkillBody[] }

const skill = (title: string, price = '10.00'): SkillBody => ({ title, description: `${title} described`, price })

async function seedPackage(token: string, body: Partial<PackageBody> & { title: string }): Promise<Package> {
  const res = await testContext().request<Package>('POST', '/api/packages/createPackage', {
    token,
    body: { description: `${body.title} description`, price: '100.00', skills: [skill(`${body.title} skill`)], ...body },
  })
  expect(res.status).toBe(201)
  return res.body.data!
}

async function fetchPackage(token: string, id: number) {
  return testContext().request<Package>('GET', `/api/packages/${id}`, { token })
}

const cards = () => screen.queryAllByRole('article')
const cardTitles = () => cards().map((card) => within(card).getAllByRole('heading')[0]!.textContent)
const card = (title: string) => screen.getByRole('article', { name: title })
const searchParams = (router: ReturnType<typeof renderApp>['router']) => router.state.location.search as Record<string, unknown>

describe('/package list', () => {
  it('shows each package with its price in rupees, its links and its skills with theirs', async () => {
    const { token } = await signInAs('admin')
    const pkg = await seedPackage(token, {
      title: 'Data Science',
      description: 'Numbers and models',
      price: '1999.5',
      skills: [skill('Python', '499.90'), skill('Statistics', '0')],
    })
    renderApp('/package')

    expect(await screen.findByRole('heading', { name: 'Packages' })).toBeInTheDocument()
    const item = await screen.findByRole('article', { name: 'Data Science' })
    expect(within(item).getByRole('link', { name: 'Data Science' })).toHaveAttribute('href', `/package/${pkg.id}`)
    expect(within(item).getByText('Numbers and models')).toBeInTheDocument()
    expect(within(item).getByText('₹1,999.50')).toBeInTheDocument()
    expect(within(item).getByRole('link', { name: /Add new Skill for this package/ })).toHaveAttribute(
      'href',
      `/package/edit/${pkg.id}?addSkill=true`,
    )
    expect(within(item).queryByText(/\$/)).not.toBeInTheDocument()

    const [python, statistics] = pkg.skills
    const pythonSection = within(item).getByRole('group', { name: 'Python' })
    expect(within(pythonSection).getByText('₹499.90')).toBeInTheDocument()
    expect(within(pythonSection).getByText('Python described')).toBeInTheDocument()
    expect(within(pythonSection).getByRole('link', { name: /\+ Add Topics and Sub Topics/ })).toHaveAttribute(
      'href',
      `/topic/add/${python!.id}`,
    )
    expect(within(pythonSection).getByRole('link', { name: /Upload Content/ })).toHaveAttribute('href', `/skill/${python!.id}/topics`)
    const statsSection = within(item).getByRole('group', { name: 'Statistics' })
    expect(within(statsSection).getByText('Free')).toBeInTheDocument()
    expect(within(statsSection).getByRole('link', { name: /Upload Content/ })).toHaveAttribute('href', `/skill/${statistics!.id}/topics`)

    expect(screen.getByRole('link', { name: /Create Package/ })).toHaveAttribute('href', '/package/create')
  })

  it("says 'No packages found.' when there are none", async () => {
    await signInAs('admin')
    renderApp('/package')
    expect(await screen.findByText('No packages found.')).toBeInTheDocument()
    expect(cards()).toHaveLength(0)
  })

  it("says 'No skills added yet.' for a package without skills", async () => {
    await signInAs('admin')
    await testContext().deps.db.insert(packagesTable).values({ title: 'Empty Shell', description: 'Nothing inside yet', price: '5.00' })
    renderApp('/package')
    const item = await screen.findByRole('article', { name: 'Empty Shell' })
    expect(within(item).getByText('No skills added yet.')).toBeInTheDocument()
  })

  it('searches package titles and skill titles, case-insensitively, and keeps the query in the URL', async () => {
    const { token } = await signInAs('admin')
    await seedPackage(token, { title: 'Web Development', skills: [skill('React Basics'), skill('CSS Layout')] })
    await seedPackage(token, { title: 'Data Science', skills: [skill('Python for Analysis')] })
    await seedPackage(token, { title: 'Cloud Python Tools', skills: [skill('Serverless')] })
    const { user, router } = renderApp('/package')
    await screen.findByRole('article', { name: 'Web Development' })
    expect(cards()).toHaveLength(3)

    const box = screen.getByRole('searchbox', { name: 'Search packages' })
    await user.type(box, 'PYTHON')
    await waitFor(() => expect(searchParams(router).q).toBe('PYTHON'))
    // 'Data Science' matches through its skill, 'Cloud Python Tools' through its own title.
    expect(cardTitles().sort()).toEqual(['Cloud Python Tools', 'Data Science'])

    await user.clear(box)
    await user.type(box, 'css')
    await waitFor(() => expect(searchParams(router).q).toBe('css'))
    expect(cardTitles()).toEqual(['Web Development'])

    await user.clear(box)
    await fill(user, box, 'nothing like this')
    expect(await screen.findByText('No packages found.')).toBeInTheDocument()
    expect(cards()).toHaveLength(0)

    await user.clear(box)
    await waitFor(() => expect(cards()).toHaveLength(3))
    // The default is left out of the URL.
    expect(searchParams(router).q).toBeUndefined()
  })

  it('reads the search and sort from the URL it is opened with, the sort under its earlier name too', async () => {
    const { token } = await signInAs('admin')
    await seedPackage(token, { title: 'Alpha Python' })
    await seedPackage(token, { title: 'Beta Python' })
    await seedPackage(token, { title: 'Gamma Java' })
    renderApp('/package?q=python&sort=name-desc')
    await screen.findByRole('article', { name: 'Beta Python' })
    expect(cardTitles()).toEqual(['Beta Python', 'Alpha Python'])
    expect(screen.getByRole('searchbox', { name: 'Search packages' })).toHaveValue('python')
    // 'name-desc' is the title sort's earlier name: kept addresses still open sorted.
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('title-desc')
  })

  it('sorts by name A-Z, name Z-A, newest first and oldest first, keeping the choice in the URL', async () => {
    const { token } = await signInAs('admin')
    // Created in this order, so the name order and the date order differ.
    await seedPackage(token, { title: 'Beta' })
    await seedPackage(token, { title: 'alpha' })
    await seedPackage(token, { title: 'Gamma' })
    const { user, router } = renderApp('/package')
    await screen.findByRole('article', { name: 'Gamma' })
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sort).toHaveValue('newest')
    expect(cardTitles()).toEqual(['Gamma', 'alpha', 'Beta'])

    await user.selectOptions(sort, 'Name (A-Z)')
    await waitFor(() => expect(searchParams(router).sort).toBe('title-asc'))
    expect(cardTitles()).toEqual(['alpha', 'Beta', 'Gamma'])

    await user.selectOptions(sort, 'Name (Z-A)')
    await waitFor(() => expect(searchParams(router).sort).toBe('title-desc'))
    expect(cardTitles()).toEqual(['Gamma', 'Beta', 'alpha'])

    await user.selectOptions(sort, 'Oldest first')
    await waitFor(() => expect(searchParams(router).sort).toBe('oldest'))
    expect(cardTitles()).toEqual(['Beta', 'alpha', 'Gamma'])

    await user.selectOptions(sort, 'Newest first')
    await waitFor(() => expect(cardTitles()).toEqual(['Gamma', 'alpha', 'Beta']))
    expect(searchParams(router).sort).toBeUndefined()
  })

  it("toasts 'Failed to fetch packages' and offers a retry when the list fails to load", async () => {
    const { token } = await signInAs('admin')
    await seedPackage(token, { title: 'Recovered Package' })
    mswServer.use(
      http.get('*/api/packages/getAllPackage', () =>
        HttpResponse.json({ success: false, message: 'Database unavailable', status: 500 }, { status: 500 }),
      ),
    )
    const { user } = renderApp('/package')

    expect(await findToast('Failed to fetch packages')).toBeInTheDocument()
    const inline = await screen.findByRole('alert')
    expect(inline).toHaveTextContent('Failed to fetch packages')
    expect(screen.queryByText('No packages found.')).not.toBeInTheDocument()
    // One toast for the failed load, not one per attempt.
    expect(queryToasts('Failed to fetch packages')).toHaveLength(1)

    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('article', { name: 'Recovered Package' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('sends a learner who opens /package to their dashboard', async () => {
    await signInAs('USER')
    const { pathname } = renderApp('/package')
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/my-dashboard')
  })
})

describe('deleting a package', () => {
  it('asks first and says what goes with it; Cancel keeps the package', async () => {
    const { token } = await signInAs('admin')
    const pkg = await seedPackage(token, { title: 'Keep Me' })
    const { user } = renderApp('/package')
    await user.click(within(await screen.findByRole('article', { name: 'Keep Me' })).getByRole('button', { name: /Delete/ }))

    const dialog = await screen.findByRole('dialog', { name: 'Delete package' })
    expect(within(dialog).getByText('Are you sure you want to delete this package?')).toBeInTheDocument()
    expect(within(dialog).getByText(/skills, topics, sub-topics and all their files/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(card('Keep Me')).toBeInTheDocument()
    expect((await fetchPackage(token, pkg.id)).status).toBe(200)
  })

  it("deletes on confirm: 'Package deleted', gone from the list and from the server", async () => {
    const { token } = await signInAs('admin')
    const pkg = await seedPackage(token, { title: 'Delete Me' })
    await seedPackage(token, { title: 'Stay Here' })
    const { user } = renderApp('/package')
    await user.click(within(await screen.findByRole('article', { name: 'Delete Me' })).getByRole('button', { name: /Delete/ }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))

    expect(await screen.findByText('Package deleted')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Delete Me' })).not.toBeInTheDocument())
    expect(card('Stay Here')).toBeInTheDocument()
    expect((await fetchPackage(token, pkg.id)).status).toBe(404)
  })

  it('shows the server message when the delete fails, and keeps the package', async () => {
    const { token } = await signInAs('admin')
    await seedPackage(token, { title: 'Stubborn' })
    mswServer.use(
      http.delete('*/api/packages/:id', () =>
        HttpResponse.json({ success: false, message: 'Package is locked', status: 409 }, { status: 409 }),
      ),
    )
    const { user } = renderApp('/package')
    await user.click(within(await screen.findByRole('article', { name: 'Stubborn' })).getByRole('button', { name: /Delete/ }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Package is locked')).toBeInTheDocument()
    expect(card('Stubborn')).toBeInTheDocument()
  })
})

// The package form, not the certificate settings beside it on the edit page.
const form = () => screen.getByRole('form', { name: /^(Create|Update) Package$/ })
const field = (label: RegExp) => within(form()).getByLabelText(label)
const skillRow = (n: number) => within(form()).getByRole('group', { name: `Skill ${n}` })
const skillField = (n: number, label: 'title' | 'description' | 'price') =>
  within(skillRow(n)).getByLabelText(new RegExp(`^Skill ${label}`))

type User = ReturnType<typeof renderApp>['user']

/** Types a value in one go (a paste), which keeps the long form tests fast; `user.type` covers keystrokes elsewhere. */
async function fill(user: User, input: HTMLElement, value: string) {
  await user.click(input)
  await user.paste(value)
}

async function fillSkill(user: User, n: number, values: { title: string; description: string; price: string }) {
  await fill(user, skillField(n, 'title'), values.title)
  await fill(user, skillField(n, 'description'), values.description)
  await fill(user, skillField(n, 'price'), values.price)
}

describe('/package/create', () => {
  it('shows each required-field message inline and sends nothing while the form is invalid', async () => {
    await signInAs('admin')
    const { user, pathname } = renderApp('/package/create')
    expect(await screen.findByRole('heading', { name: 'Create Package' })).toBeInTheDocument()
    const requests = recordRequests()

    await user.click(within(form()).getByRole('button', { name: 'Create Package' }))
    expect(field(/^Title/)).toHaveAccessibleDescription('Title is required')
    expect(field(/^Description/)).toHaveAccessibleDescription('Description is required')
    expect(field(/^Price/)).toHaveAccessibleDescription('Price is required')
    expect(skillField(1, 'title')).toHaveAccessibleDescription('Title is required')
    expect(skillField(1, 'description')).toHaveAccessibleDescription('Description is required')
    expect(skillField(1, 'price')).toHaveAccessibleDescription('Price is required')
    for (const input of [field(/^Title/), skillField(1, 'price')]) expect(input).toHaveAttribute('aria-invalid', 'true')
    // The keyboard is taken to the first field in error.
    expect(field(/^Title/)).toHaveFocus()

    // Whitespace is blank too.
    await user.type(field(/^Title/), '   ')
    await user.click(within(form()).getByRole('button', { name: 'Create Package' }))
    expect(field(/^Title/)).toHaveAccessibleDescription('Title is required')

    // Fixing a field clears its message; the others stay.
    await fill(user, field(/^Title/), 'Real title')
    expect(field(/^Title/)).not.toHaveAccessibleDescription('Title is required')
    expect(field(/^Description/)).toHaveAccessibleDescription('Description is required')

    requests.stop()
    expect(requests.seen.filter((r) => r.startsWith('POST') || r.startsWith('PUT'))).toEqual([])
    expect(pathname()).toBe('/package/create')
  })

  it('rejects a negative package price and a negative or over-precise skill price', async () => {
    await signInAs('admin')
    const { user } = renderApp('/package/create')
    await screen.findByRole('heading', { name: 'Create Package' })
    const requests = recordRequests()

    await fill(user, field(/^Title/), 'Pricing')
    await fill(user, field(/^Description/), 'Checks prices')
    await fill(user, field(/^Price/), '-5')
    await fillSkill(user, 1, { title: 'Cheap', description: 'Too cheap', price: '-0.01' })
    await user.click(within(form()).getByRole('button', { name: /Add Skill/ }))
    await fillSkill(user, 2, { title: 'Precise', description: 'Too precise', price: '1.999' })
    await user.click(within(form()).getByRole('button', { name: 'Create Package' }))

    const negative = 'Price must be a non-negative amount with at most 2 decimals'
    expect(field(/^Price/)).toHaveAccessibleDescription(negative)
    expect(skillField(1, 'price')).toHaveAccessibleDescription(negative)
    expect(skillField(2, 'price')).toHaveAccessibleDescription(negative)
    expect(skillField(1, 'title')).not.toHaveAttribute('aria-invalid', 'true')

    requests.stop()
    expect(requests.seen.filter((r) => r.startsWith('POST'))).toEqual([])
  })

  it("shows 'Remove Skill' only when more than one row exists", async () => {
    await signInAs('admin')
    const { user } = renderApp('/package/create')
    await screen.findByRole('heading', { name: 'Create Package' })
    expect(within(form()).getAllByRole('group', { name: /^Skill \d/ })).toHaveLength(1)
    expect(within(form()).queryByRole('button', { name: /Remove Skill/ })).not.toBeInTheDocument()

    await user.click(within(form()).getByRole('button', { name: /Add Skill/ }))
    expect(within(form()).getAllByRole('group', { name: /^Skill \d/ })).toHaveLength(2)
    await waitFor(() => expect(skillField(2, 'title')).toHaveFocus())
    expect(within(skillRow(1)).getByRole('button', { name: /Remove Skill/ })).toBeInTheDocument()
    expect(within(skillRow(2)).getByRole('button', { name: /Remove Skill/ })).toBeInTheDocument()

    await user.type(skillField(1, 'title'), 'First')
    await user.type(skillField(2, 'title'), 'Second')
    await user.click(within(skillRow(1)).getByRole('button', { name: /Remove Skill/ }))
    expect(within(form()).getAllByRole('group', { name: /^Skill \d/ })).toHaveLength(1)
    expect(skillField(1, 'title')).toHaveValue('Second')
    expect(within(form()).queryByRole('button', { name: /Remove Skill/ })).not.toBeInTheDocument()
  })

  it("creates the package: button disabled while saving, 'Package created', back on /package with it listed", async () => {
    const { token } = await signInAs('admin')
    const g = gate()
    const bodies: unknown[] = []
    mswServer.use(
      http.post('*/api/packages/createPackage', async ({ request }) => {
        bodies.push(await request.clone().json())
        await g.opened
        return testContext().app.fetch(request)
      }),
    )
    const { user, pathname } = renderApp('/package')
    expect(await screen.findByText('No packages found.')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: /Create Package/ }))
    await screen.findByRole('heading', { name: 'Create Package' })

    await fill(user, field(/^Title/), '  Full Stack  ')
    await fill(user, field(/^Description/), 'Front to back')
    await user.type(field(/^Price/), '19.9')
    await fillSkill(user, 1, { title: 'Frontend', description: 'React and friends', price: '9.5' })
    await user.click(within(form()).getByRole('button', { name: /Add Skill/ }))
    await fillSkill(user, 2, { title: 'Backend', description: 'APIs and data', price: '10' })
    const submit = within(form()).getByRole('button', { name: 'Create Package' })
    await user.click(submit)

    await waitFor(() => expect(submit).toBeDisabled())
    g.open()

    expect(await screen.findByText('Package created')).toBeInTheDocument()
    await waitFor(() => expect(pathname()).toBe('/package'))
    const item = await screen.findByRole('article', { name: 'Full Stack' })
    expect(within(item).getByText('₹19.90')).toBeInTheDocument()
    expect(within(item).getByRole('group', { name: 'Frontend' })).toBeInTheDocument()
    expect(within(item).getByRole('group', { name: 'Backend' })).toBeInTheDocument()

    // Prices travel as exact decimal strings.
    expect(bodies).toEqual([
      {
        title: 'Full Stack',
        description: 'Front to back',
        price: '19.90',
        skills: [
          { title: 'Frontend', description: 'React and friends', price: '9.50' },
          { title: 'Backend', description: 'APIs and data', price: '10.00' },
        ],
      },
    ])
    const list = await testContext().request<Package[]>('GET', '/api/packages/getAllPackage', { token })
    expect(list.body.data).toHaveLength(1)
    expect(list.body.data![0]).toMatchObject({ title: 'Full Stack', price: '19.90' })
  })

  it('shows a server refusal: the toast with its message and the field it names', async () => {
    await signInAs('admin')
    mswServer.use(
      http.post('*/api/packages/createPackage', () =>
        HttpResponse.json(
          {
            success: false,
            status: 400,
            message: 'skills.0.title: Title is already taken',
            errorDetails: { 'skills.0.title': 'Title is already taken' },
          },
          { status: 400 },
        ),
      ),
    )
    const { user, pathname } = renderApp('/package/create')
    await screen.findByRole('heading', { name: 'Create Package' })
    await fill(user, field(/^Title/), 'Dup')
    await fill(user, field(/^Description/), 'Dup')
    await fill(user, field(/^Price/), '1')
    await fillSkill(user, 1, { title: 'Taken', description: 'Taken', price: '1' })
    await user.click(within(form()).getByRole('button', { name: 'Create Package' }))

    expect(await screen.findByText('skills.0.title: Title is already taken')).toBeInTheDocument()
    expect(skillField(1, 'title')).toHaveAccessibleDescription('Title is already taken')
    expect(within(form()).getByRole('button', { name: 'Create Package' })).toBeEnabled()
    expect(pathname()).toBe('/package/create')
  })

  it('shows a failure without details in a toast and inline, and keeps what was typed', async () => {
    await signInAs('admin')
    mswServer.use(
      http.post('*/api/packages/createPackage', () =>
        HttpResponse.json({ success: false, status: 500, message: 'Something went wrong on our side. Reference: abc' }, { status: 500 }),
      ),
    )
    const { user } = renderApp('/package/create')
    await screen.findByRole('heading', { name: 'Create Package' })
    await fill(user, field(/^Title/), 'Kept')
    await fill(user, field(/^Description/), 'Kept')
    await fill(user, field(/^Price/), '1')
    await fillSkill(user, 1, { title: 'Kept', description: 'Kept', price: '1' })
    await user.click(within(form()).getByRole('button', { name: 'Create Package' }))

    expect(await within(form()).findByRole('alert')).toHaveTextContent('Something went wrong on our side. Reference: abc')
    expect(screen.getAllByText('Something went wrong on our side. Reference: abc')).toHaveLength(2)
    expect(field(/^Title/)).toHaveValue('Kept')
  })

  it('asks before leaving with unsaved changes; staying keeps them, leaving discards them', async () => {
    await signInAs('admin')
    const { user, pathname } = renderApp('/package/create')
    await screen.findByRole('heading', { name: 'Create Package' })

    // Nothing typed yet: leaving is not questioned.
    await user.click(within(form()).getByRole('link', { name: 'Cancel' }))
    await waitFor(() => expect(pathname()).toBe('/package'))

    await user.click(await screen.findByRole('link', { name: /Create Package/ }))
    await screen.findByRole('heading', { name: 'Create Package' })
    await fill(user, field(/^Title/), 'Half done')
    await user.click(within(form()).getByRole('link', { name: 'Cancel' }))
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(pathname()).toBe('/package/create')
    expect(field(/^Title/)).toHaveValue('Half done')

    await user.click(within(form()).getByRole('link', { name: 'Cancel' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Leave without saving' }),
    )
    await waitFor(() => expect(pathname()).toBe('/package'))
  })
})

describe('/package/edit/{id}', () => {
  it('fills the form, adds and removes skills, keeps the ids of kept skills, and refreshes the list', async () => {
    const { token } = await signInAs('admin')
    const pkg = await seedPackage(token, {
      title: 'Original',
      description: 'Before',
      price: '50.00',
      skills: [skill('Keep', '5.00'), skill('Drop', '6.00')],
    })
    const [keep, drop] = pkg.skills
    const { user, pathname } = renderApp('/package')
    // The list is cached before the edit, so the refreshed list proves the invalidation.
    await screen.findByRole('article', { name: 'Original' })
    await user.click(within(card('Original')).getByRole('link', { name: /Add new Skill for this package/ }))

    expect(await screen.findByRole('heading', { name: 'Edit Package' })).toBeInTheDocument()
    expect(field(/^Title/)).toHaveValue('Original')
    expect(field(/^Description/)).toHaveValue('Before')
    expect(field(/^Price/)).toHaveValue(50)
    expect(skillField(1, 'title')).toHaveValue('Keep')
    expect(skillField(2, 'title')).toHaveValue('Drop')
    expect(skillField(2, 'price')).toHaveValue(6)
    // 'Add new Skill for this package' opens the form with an empty skill row ready after the stored ones.
    expect(skillField(3, 'title')).toHaveValue('')

    await user.clear(field(/^Title/))
    await fill(user, field(/^Title/), 'Renamed')
    await user.clear(skillField(1, 'title'))
    await fill(user, skillField(1, 'title'), 'Kept and renamed')
    // A stored skill takes its topics with it, so removing one asks first.
    await user.click(within(skillRow(2)).getByRole('button', { name: /Remove Skill/ }))
    const ask = await screen.findByRole('dialog', { name: 'Remove skill' })
    expect(within(ask).getByText(/its topics, sub-topics and their files are deleted/)).toBeInTheDocument()
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(skillField(2, 'title')).toHaveValue('Drop')
    await user.click(within(skillRow(2)).getByRole('button', { name: /Remove Skill/ }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove skill' })).getByRole('button', { name: 'Remove Skill' }))
    await waitFor(() => expect(within(form()).getAllByRole('group', { name: /^Skill \d/ })).toHaveLength(2))
    await fillSkill(user, 2, { title: 'Brand new', description: 'Added in edit', price: '7.25' })
    await user.click(within(form()).getByRole('button', { name: 'Update Package' }))

    expect(await screen.findByText('Package updated')).toBeInTheDocument()
    await waitFor(() => expect(pathname()).toBe('/package'))
    const item = await screen.findByRole('article', { name: 'Renamed' })
    expect(within(item).getByRole('group', { name: 'Kept and renamed' })).toBeInTheDocument()
    expect(within(item).getByRole('group', { name: 'Brand new' })).toBeInTheDocument()
    expect(within(item).queryByRole('group', { name: 'Drop' })).not.toBeInTheDocument()

    const saved = (await fetchPackage(token, pkg.id)).body.data!
    expect(saved.title).toBe('Renamed')
    expect(saved.skills.map((s) => [s.title, s.price])).toEqual([
      ['Kept and renamed', '5.00'],
      ['Brand new', '7.25'],
    ])
    expect(saved.skills[0]!.id).toBe(keep!.id)
    expect(saved.skills[1]!.id).not.toBe(drop!.id)
    expect(saved.skills.some((s) => s.id === drop!.id)).toBe(false)
  })

  it('validates before sending on edit too', async () => {
    const { token } = await signInAs('admin')
    const pkg = await seedPackage(token, { title: 'Needs Care' })
    const { user } = renderApp(`/package/edit/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Edit Package' })
    const requests = recordRequests()
    await user.clear(field(/^Description/))
    await user.clear(skillField(1, 'price'))
    await user.click(within(form()).getByRole('button', { name: 'Update Package' }))
    expect(field(/^Description/)).toHaveAccessibleDescription('Description is required')
    expect(skillField(1, 'price')).toHaveAccessibleDescription('Price is required')
    requests.stop()
    expect(requests.seen.filter((r) => r.startsWith('PUT'))).toEqual([])
  })

  it("shows 'Package not found' for an unknown or malformed id", async () => {
    await signInAs('admin')
    const first = renderApp('/package/edit/999999')
    expect(await screen.findByRole('heading', { name: 'Package not found' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to packages' })).toHaveAttribute('href', '/package')
    first.unmount()
    renderApp('/package/edit/not-a-number')
    expect(await screen.findByRole('heading', { name: 'Package not found' })).toBeInTheDocument()
  })
})

describe('/package/{id}', () => {
  it('shows the package with its price in rupees, creation date, skills, topics and sub-topic counts', async () => {
    const { token } = await signInAs('admin')
    const pkg = await seedPackage(token, {
      title: 'Detailed',
      description: 'All the facts',
      price: '1234.5',
      skills: [skill('With Topics', '99.99'), skill('Bare', '1')],
    })
    const [withTopics, bare] = pkg.skills
    const topic = await testContext().request('POST', '/api/topic/addTopic', {
      token,
      body: {
        skillId: withTopics!.id,
        title: 'Variables',
        description: 'Names for values',
        subTopics: [
          { title: 'let', description: 'l' },
          { title: 'const', description: 'c' },
        ],
      },
    })
    expect(topic.status).toBe(201)
    await testContext().request('POST', '/api/topic/addTopic', {
      token,
      body: { skillId: withTopics!.id, title: 'Loops', description: 'Again and again', subTopics: [{ title: 'for', description: 'f' }] },
    })

    renderApp(`/package/${pkg.id}`)
    expect(await screen.findByRole('heading', { name: 'Detailed', level: 1 })).toBeInTheDocument()
    const facts = screen.getByRole('region', { name: 'Package details' })
    expect(within(facts).getByText('All the facts')).toBeInTheDocument()
    expect(within(facts).getByText('₹1,234.50')).toBeInTheDocument()
    expect(within(facts).getByText(/\d{2} \w{3} \d{4}, \d{2}:\d{2} (AM|PM)/)).toBeInTheDocument()
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: /Edit Package/ })).toHaveAttribute('href', `/package/edit/${pkg.id}`)

    const topicsSkill = screen.getByRole('group', { name: 'With Topics' })
    expect(within(topicsSkill).getByText('₹99.99')).toBeInTheDocument()
    const topics = within(topicsSkill).getByRole('list', { name: 'Topics' })
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Variables2 sub-topics', 'Loops1 sub-topic'])
    expect(within(topicsSkill).getByRole('link', { name: /\+ Add Topics and Sub Topics/ })).toHaveAttribute(
      'href',
      `/topic/add/${withTopics!.id}`,
    )
    expect(within(topicsSkill).getByRole('link', { name: /Upload Content/ })).toHaveAttribute('href', `/skill/${withTopics!.id}/topics`)

    const bareSkill = screen.getByRole('group', { name: 'Bare' })
    expect(within(bareSkill).getByText('No topics added yet.')).toBeInTheDocument()
    expect(within(bareSkill).getByRole('link', { name: /Upload Content/ })).toHaveAttribute('href', `/skill/${bare!.id}/topics`)
  })

  it("says 'No skills added yet.' for a package without skills", async () => {
    await signInAs('admin')
    const [row] = await testContext()
      .deps.db.insert(packagesTable)
      .values({ title: 'Hollow', description: 'Nothing yet', price: '0.00' })
      .returning()
    renderApp(`/package/${row!.id}`)
    expect(await screen.findByRole('heading', { name: 'Hollow', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('No skills added yet.')).toBeInTheDocument()
  })

  it("shows 'Package not found' for an unknown id", async () => {
    await signInAs('admin')
    renderApp('/package/424242')
    expect(await screen.findByRole('heading', { name: 'Package not found' })).toBeInTheDocument()
  })

  it('opens from the title link in the list', async () => {
    const { token } = await signInAs('admin')
    const pkg = await seedPackage(token, { title: 'Click Through' })
    const { user, pathname } = renderApp('/package')
    await user.click(within(await screen.findByRole('article', { name: 'Click Through' })).getByRole('link', { name: 'Click Through' }))
    expect(await screen.findByRole('heading', { name: 'Click Through', level: 1 })).toBeInTheDocument()
    expect(pathname()).toBe(`/package/${pkg.id}`)
  })
})
