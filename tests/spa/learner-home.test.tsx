import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { formatDateTime } from '../../src/lib/format.ts'
import { gate, mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { inDialog, learnerWith, postReview, recordApi, seedTree } from '../support/learning.ts'
import { findToast, queryToast } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

const explore = () => screen.getByRole('region', { name: 'Explore Learning Packages' })
const card = (title: string) => within(explore()).getByRole('article', { name: title })
const cardTitles = () =>
  within(explore())
    .queryAllByRole('article')
    .map((a) => within(a).getAllByRole('heading')[0]!.textContent)
const search = (router: ReturnType<typeof renderApp>['router']) => router.state.location.search as Record<string, unknown>

/** An admin with three packages: 'Web Development' (two skills, topics), 'Data Science' (one skill), 'Cloud Basics'. */
async function catalogue() {
  const admin = await testContext().createUser({ role: 'admin' })
  const web = await seedTree(admin.token, {
    title: 'Web Development',
    description: 'Build sites.',
    price: '1999.50',
    createdAt: '2024-03-01T10:00:00Z',
    skills: [
      {
        title: 'React Basics',
        topics: [
          { title: 'Components', subTopics: ['JSX', 'Props'] },
          { title: 'State', subTopics: ['useState'] },
        ],
      },
      { title: 'CSS Layout', topics: [{ title: 'Flexbox', subTopics: [] }] },
    ],
  })
  const data = await seedTree(admin.token, {
    title: 'Data Science',
    createdAt: '2024-05-01T10:00:00Z',
    skills: [{ title: 'Python for Analysis' }],
  })
  const cloud = await seedTree(admin.token, { title: 'cloud Basics', createdAt: '2024-01-01T10:00:00Z', skills: [{ title: 'Serverless' }] })
  return { admin, web, data, cloud }
}

describe('learner home: Explore Learning Packages', () => {
  it('shows the profile card first, then every package with its skills and ratings from two batched summary calls', async () => {
    const { admin, web, data, cloud } = await catalogue()
    const [react, css] = web.skills
    const ana = await learnerWith(admin.token, 'Ana', [web.id])
    const ben = await learnerWith(admin.token, 'Ben', [web.id])
    await postReview(ana.token, 'PACKAGE', web.id, 4)
    await postReview(ben.token, 'PACKAGE', web.id, 2)
    await postReview(ana.token, 'SKILL', react!.id, 5)
    await signInAs('USER', { name: 'Lena Learner' })
    const api = recordApi()
    renderApp('/user/my-dashboard')

    const heading = await screen.findByRole('heading', { name: 'Explore Learning Packages' })
    const profile = screen.getByRole('region', { name: 'Your profile' })
    expect(profile.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()

    const webCard = await within(explore()).findByRole('article', { name: 'Web Development' })
    expect(within(webCard).getByText('Build sites.')).toBeInTheDocument()
    expect(within(webCard).getByText('₹1,999.50')).toBeInTheDocument()
    expect(await within(webCard).findByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument()
    expect(within(webCard).getByText('(2 reviews)')).toBeInTheDocument()
    const skills = within(webCard).getByRole('list', { name: 'Skills of Web Development' })
    const [reactRow, cssRow] = within(skills).getAllByRole('listitem')
    expect(within(reactRow!).getByText('React Basics')).toBeInTheDocument()
    expect(within(reactRow!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument()
    expect(within(reactRow!).getByText('(1 review)')).toBeInTheDocument()
    expect(within(cssRow!).getByText('CSS Layout')).toBeInTheDocument()
    expect(within(cssRow!).getByText('(0 reviews)')).toBeInTheDocument()
    expect(within(card('Data Science')).getByText('Python for Analysis')).toBeInTheDocument()
    // The package and its one skill: no reviews yet.
    expect(within(card('Data Science')).getAllByRole('img', { name: 'Rated 0 out of 5' })).toHaveLength(2)
    expect(within(card('cloud Basics')).getByText('Serverless')).toBeInTheDocument()

    // Ratings come in one call per target type, never one per card.
    const summaryCalls = api.seen.filter((r) => r.includes('/api/reviews/summar'))
    expect(summaryCalls).toHaveLength(2)
    expect(summaryCalls.every((r) => r.startsWith('GET /api/reviews/summaries?'))).toBe(true)
    const packageCall = new URL(`http://x${summaryCalls.find((r) => r.includes('targetType=PACKAGE'))!.slice(4)}`)
    expect(packageCall.searchParams.getAll('targetIds').map(Number).sort()).toEqual([web.id, data.id, cloud.id].sort())
    const skillCall = new URL(`http://x${summaryCalls.find((r) => r.includes('targetType=SKILL'))!.slice(4)}`)
    expect(skillCall.searchParams.getAll('targetIds').map(Number)).toEqual(expect.arrayContaining([react!.id, css!.id]))
    api.stop()
  })

  it('searches package and skill titles case-insensitively and sorts by name or date, both in the URL', async () => {
    await catalogue()
    await signInAs('USER')
    const { user, router } = renderApp('/user/my-dashboard')
    await within(await screen.findByRole('region', { name: 'Explore Learning Packages' })).findByRole('article', {
      name: 'Web Development',
    })
    // Default: name A-Z, case-insensitive.
    expect(cardTitles()).toEqual(['cloud Basics', 'Data Science', 'Web Development'])

    const sort = within(explore()).getByRole('combobox', { name: 'Sort by' })
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Name (A-Z)', 'Name (Z-A)', 'Newest first', 'Oldest first'])
    await user.selectOptions(sort, 'title-desc')
    await waitFor(() => expect(search(router).sort).toBe('title-desc'))
    expect(cardTitles()).toEqual(['Web Development', 'Data Science', 'cloud Basics'])
    await user.selectOptions(sort, 'newest')
    await waitFor(() => expect(cardTitles()).toEqual(['Data Science', 'Web Development', 'cloud Basics']))
    expect(search(router).sort).toBe('newest')
    await user.selectOptions(sort, 'oldest')
    await waitFor(() => expect(cardTitles()).toEqual(['cloud Basics', 'Web Development', 'Data Science']))

    const box = within(explore()).getByRole('searchbox', { name: 'Search packages' })
    await user.type(box, 'PYTHON')
    await waitFor(() => expect(search(router).q).toBe('PYTHON'))
    expect(cardTitles()).toEqual(['Data Science']) // through its skill
    await user.clear(box)
    await user.type(box, 'web dev')
    await waitFor(() => expect(cardTitles()).toEqual(['Web Development'])) // through its own title
    await user.clear(box)
    await user.type(box, 'no such thing')
    expect(await within(explore()).findByText('No packages found.')).toBeInTheDocument()
    expect(cardTitles()).toEqual([])
  })

  it('reads the search and the sort from the URL', async () => {
    await catalogue()
    await signInAs('USER')
    renderApp('/user/my-dashboard?q=a&sort=name-desc')
    await within(await screen.findByRole('region', { name: 'Explore Learning Packages' })).findByRole('article', { name: 'Data Science' })
    // 'a' is in 'Data Science', 'cloud Basics' and 'React Basics'/'CSS Layout' (Web Development).
    expect(cardTitles()).toEqual(['Web Development', 'Data Science', 'cloud Basics'])
    expect(within(explore()).getByRole('searchbox', { name: 'Search packages' })).toHaveValue('a')
    // The title sort's earlier name.
    expect(within(explore()).getByRole('combobox', { name: 'Sort by' })).toHaveValue('title-desc')
  })

  it("says 'No packages found.' when the catalogue is empty", async () => {
    await signInAs('USER')
    renderApp('/user/my-dashboard')
    expect(await screen.findByText('No packages found.')).toBeInTheDocument()
  })

  it("says 'Failed to fetch packages' (toast and inline) when the catalogue cannot be loaded, and retries", async () => {
    await catalogue()
    await signInAs('USER')
    let fail = true
    mswServer.use(
      http.get('*/api/packages/getAllPackage', () =>
        fail ? HttpResponse.json({ success: false, status: 500, message: 'Database unavailable' }, { status: 500 }) : undefined,
      ),
    )
    const { user } = renderApp('/user/my-dashboard')
    expect(await findToast('Failed to fetch packages')).toBeInTheDocument()
    await waitFor(() => expect(within(explore()).getByRole('alert')).toHaveTextContent('Failed to fetch packages'))
    fail = false
    await user.click(within(explore()).getByRole('button', { name: 'Retry' }))
    // The route's error view gives way to the catalogue: look the section up again.
    await waitFor(() => expect(within(explore()).getByRole('article', { name: 'Web Development' })).toBeInTheDocument())
  })

  it("'View Topics' lists the topics and sub-topics of an assigned package", async () => {
    const { admin, web } = await catalogue()
    const { user: me } = await signInAs('USER')
    await assignPackages(admin.token, me.id, [web.id])
    const { user } = renderApp('/user/my-dashboard')
    const webCard = await within(await screen.findByRole('region', { name: 'Explore Learning Packages' })).findByRole('article', {
      name: 'Web Development',
    })
    expect(within(webCard).getByText('In My Packages')).toBeInTheDocument()
    await user.click(within(webCard).getByRole('button', { name: 'View Topics' }))

    const modal = await inDialog('Topics — Web Development')
    const react = await modal.findByRole('region', { name: 'React Basics' })
    expect(within(react).getByText('Components')).toBeInTheDocument()
    expect(within(react).getByText('JSX')).toBeInTheDocument()
    expect(within(react).getByText('Props')).toBeInTheDocument()
    expect(within(react).getByText('State')).toBeInTheDocument()
    expect(within(react).getByText('useState')).toBeInTheDocument()
    const css = modal.getByRole('region', { name: 'CSS Layout' })
    expect(within(css).getByText('Flexbox')).toBeInTheDocument()
    expect(within(css).getByText('No subtopics added.')).toBeInTheDocument()
    expect(modal.getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', `/topics/${web.id}`)
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("'View Topics' of a package the learner does not have shows its skills and says the content opens once assigned, without asking for the tree", async () => {
    const { web } = await catalogue()
    await signInAs('USER')
    const api = recordApi()
    const { user } = renderApp('/user/my-dashboard')
    const webCard = await within(await screen.findByRole('region', { name: 'Explore Learning Packages' })).findByRole('article', {
      name: 'Web Development',
    })
    expect(within(webCard).queryByText('In My Packages')).not.toBeInTheDocument()
    await user.click(within(webCard).getByRole('button', { name: 'View Topics' }))
    const modal = await inDialog('Topics — Web Development')
    expect(modal.getByText(/open once it is assigned to you/)).toBeInTheDocument()
    const skills = modal.getByRole('list', { name: 'Skills of Web Development' })
    expect(within(skills).getByText('React Basics')).toBeInTheDocument()
    expect(within(skills).getByText('CSS Layout')).toBeInTheDocument()
    expect(modal.queryByText('Components')).not.toBeInTheDocument()
    expect(api.seen.filter((r) => r.startsWith(`GET /api/packages/${web.id}`))).toEqual([])
    api.stop()
  })

  it("'View All Reviews' shows each review's author, stars, text and date, newest first; 'No reviews available.' when there are none", async () => {
    const { admin, web } = await catalogue()
    const ana = await learnerWith(admin.token, 'Ana Silva', [web.id])
    const ben = await learnerWith(admin.token, 'Ben Okafor', [web.id])
    const first = await postReview(ana.token, 'PACKAGE', web.id, 4, 'Clear and practical.')
    await new Promise((r) => setTimeout(r, 5))
    const second = await postReview(ben.token, 'PACKAGE', web.id, 2)
    await signInAs('USER')
    const { user } = renderApp('/user/my-dashboard')
    const webCard = await within(await screen.findByRole('region', { name: 'Explore Learning Packages' })).findByRole('article', {
      name: 'Web Development',
    })
    await user.click(within(webCard).getByRole('button', { name: 'View All Reviews' }))

    const modal = await inDialog('Reviews — Web Development')
    const list = await modal.findByRole('list', { name: 'Reviews' })
    const [newest, older] = within(list).getAllByRole('listitem')
    expect(within(newest!).getByText('Ben Okafor')).toBeInTheDocument()
    expect(within(newest!).getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument()
    expect(within(newest!).getByText('No comment provided')).toBeInTheDocument()
    expect(within(newest!).getByText(formatDateTime(second.createdAt))).toBeInTheDocument()
    expect(within(older!).getByText('Ana Silva')).toBeInTheDocument()
    expect(within(older!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument()
    expect(within(older!).getByText('Clear and practical.')).toBeInTheDocument()
    expect(within(older!).getByText(formatDateTime(first.createdAt))).toBeInTheDocument()
    expect(formatDateTime(first.createdAt)).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} (AM|PM)$/)

    await user.click(modal.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(within(card('Data Science')).getByRole('button', { name: 'View All Reviews' }))
    expect(await (await inDialog('Reviews — Data Science')).findByText('No reviews available.')).toBeInTheDocument()
  })

  it("toasts 'Failed to load reviews' when the reviews cannot be loaded", async () => {
    await catalogue()
    await signInAs('USER')
    mswServer.use(
      http.get('*/api/reviews/target', () =>
        HttpResponse.json({ success: false, status: 500, message: 'Database unavailable' }, { status: 500 }),
      ),
    )
    const { user } = renderApp('/user/my-dashboard')
    const webCard = await within(await screen.findByRole('region', { name: 'Explore Learning Packages' })).findByRole('article', {
      name: 'Web Development',
    })
    await user.click(within(webCard).getByRole('button', { name: 'View All Reviews' }))
    expect(await findToast('Failed to load reviews')).toBeInTheDocument()
    expect((await inDialog('Reviews — Web Development')).getByRole('alert')).toHaveTextContent('Failed to load reviews')
  })

  it("offers 'Submit Review' only on the learner's packages; submit waits for a star, shows 'Submitting...', then the rating refreshes", async () => {
    const { admin, web } = await catalogue()
    const { user: me } = await signInAs('USER', { name: 'Lena Learner' })
    await assignPackages(admin.token, me.id, [web.id])
    const held = gate()
    mswServer.use(
      http.post('*/api/reviews', async () => {
        await held.opened
        return undefined
      }),
    )
    const { user } = renderApp('/user/my-dashboard')
    const webCard = await within(await screen.findByRole('region', { name: 'Explore Learning Packages' })).findByRole('article', {
      name: 'Web Development',
    })
    // The package and its two skills have no reviews yet.
    expect(await within(webCard).findAllByText('(0 reviews)')).toHaveLength(3)
    expect(within(card('Data Science')).queryByRole('button', { name: 'Submit Review' })).not.toBeInTheDocument()
    await user.click(within(webCard).getByRole('button', { name: 'Submit Review' }))

    const modal = await inDialog('Submit Review')
    expect(modal.getByText('Package: Web Development')).toBeInTheDocument()
    const stars = modal.getByRole('radiogroup', { name: 'Presentation Rating' })
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars'])
    const submit = modal.getByRole('button', { name: 'Submit' })
    expect(submit).toBeDisabled()
    await user.type(modal.getByRole('textbox', { name: 'Your Review' }), 'Great pacing.')
    expect(submit).toBeDisabled()
    // Keyboard: focus the group's first star, then arrow keys choose.
    within(stars).getByRole('radio', { name: '1 star' }).focus()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked()
    expect(submit).toBeEnabled()

    await user.click(submit)
    const sending = await modal.findByRole('button', { name: 'Submitting...' })
    expect(sending).toBeDisabled()
    held.open()
    expect(await findToast('Review submitted!')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The batched summary was invalidated: the card now counts the review.
    expect(await within(webCard).findByText('(1 review)')).toBeInTheDocument()
    expect(within(webCard).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument()

    await user.click(within(webCard).getByRole('button', { name: 'View All Reviews' }))
    const reviews = await inDialog('Reviews — Web Development')
    expect(await reviews.findByText('Great pacing.')).toBeInTheDocument()
    expect(reviews.getByText('Lena Learner')).toBeInTheDocument()
  })

  it("toasts 'Failed to submit review' when the review is refused, and keeps the dialog open", async () => {
    const { admin, web } = await catalogue()
    const { user: me } = await signInAs('USER')
    await assignPackages(admin.token, me.id, [web.id])
    mswServer.use(
      http.post('*/api/reviews', () =>
        HttpResponse.json({ success: false, status: 500, message: 'Database unavailable' }, { status: 500 }),
      ),
    )
    const { user } = renderApp('/user/my-dashboard')
    const webCard = await within(await screen.findByRole('region', { name: 'Explore Learning Packages' })).findByRole('article', {
      name: 'Web Development',
    })
    await user.click(within(webCard).getByRole('button', { name: 'Submit Review' }))
    const modal = await inDialog('Submit Review')
    await user.click(modal.getByRole('radio', { name: '5 stars' }))
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    expect(await findToast('Failed to submit review')).toBeInTheDocument()
    expect(queryToast('Review submitted!')).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Submit Review' })).toBeInTheDocument()
    expect(modal.getByRole('button', { name: 'Submit' })).toBeEnabled()
  })
})
