import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { packages as packagesTable } from '../../server/db/schema.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { inDialog, seedTree } from '../support/learning.ts'
import { watchToasts } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

const packageCards = () => screen.queryAllByRole('article')
const titles = () => packageCards().map((a) => within(a).getAllByRole('heading')[0]!.textContent)
const searchOf = (router: ReturnType<typeof renderApp>['router']) => router.state.location.search as Record<string, unknown>

/** A learner with 'Web Development' (two skills) and 'Data Science' (one); 'Cloud Basics' exists but is not theirs. */
async function learnerWithPackages() {
  const admin = await testContext().createUser({ role: 'admin' })
  const web = await seedTree(admin.token, {
    title: 'Web Development',
    description: 'Build sites that work everywhere.',
    price: '1999.50',
    createdAt: '2024-03-01T10:00:00Z',
    skills: [
      { title: 'React Basics', description: 'Components and state.', price: '499.90' },
      { title: 'CSS Layout', description: 'Flexbox and grid.', price: '0' },
    ],
  })
  const data = await seedTree(admin.token, {
    title: 'data Science',
    createdAt: '2024-05-01T10:00:00Z',
    skills: [{ title: 'Python for Analysis' }],
  })
  const cloud = await seedTree(admin.token, { title: 'Cloud Basics', skills: [{ title: 'Serverless' }] })
  const me = await signInAs('USER', { name: 'Lena Learner' })
  await assignPackages(admin.token, me.user.id, [web.id, data.id])
  return { admin, me, web, data, cloud }
}

describe('/user/packages: My Learning Packages', () => {
  it('shows each assigned package with its price in rupees and its skill cards with their links', async () => {
    const { web, data } = await learnerWithPackages()
    renderApp('/user/packages')
    expect(await screen.findByRole('heading', { name: 'My Learning Packages', level: 1 })).toBeInTheDocument()
    const webCard = await screen.findByRole('article', { name: 'Web Development' })
    expect(within(webCard).getByText('Build sites that work everywhere.')).toBeInTheDocument()
    expect(within(webCard).getByText('₹1,999.50')).toBeInTheDocument()
    expect(within(webCard).getByRole('button', { name: 'Give Feedback on Package' })).toBeInTheDocument()

    const [react, css] = web.skills
    const reactCard = within(webCard).getByRole('group', { name: 'React Basics' })
    expect(within(reactCard).getByText('Components and state.')).toBeInTheDocument()
    expect(within(reactCard).getByText('₹499.90')).toBeInTheDocument()
    expect(within(reactCard).getByRole('link', { name: 'Start Learning' })).toHaveAttribute('href', `/topics/${web.id}?skill=${react!.id}`)
    expect(within(reactCard).getByRole('link', { name: 'MCQ Results' })).toHaveAttribute('href', `/mcq-test/resutls/${react!.id}`)
    expect(within(reactCard).getByRole('button', { name: 'Give Feedback on Skill' })).toBeInTheDocument()
    const cssCard = within(webCard).getByRole('group', { name: 'CSS Layout' })
    expect(within(cssCard).getByText('Free')).toBeInTheDocument()
    expect(within(cssCard).getByRole('link', { name: 'MCQ Results' })).toHaveAttribute('href', `/mcq-test/resutls/${css!.id}`)

    const dataCard = screen.getByRole('article', { name: 'data Science' })
    expect(within(dataCard).getByRole('link', { name: 'Start Learning' })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^/topics/${data.id}\\?skill=\\d+$`)),
    )
    // Only the learner's own packages.
    expect(screen.queryByRole('article', { name: 'Cloud Basics' })).not.toBeInTheDocument()
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument()
  })

  it("says 'No skills added to this package yet.' for an assigned package without skills", async () => {
    const { admin, me } = await learnerWithPackages()
    const [empty] = await testContext()
      .deps.db.insert(packagesTable)
      .values({ title: 'Empty Shell', description: 'Nothing inside yet', price: '5.00' })
      .returning()
    await assignPackages(admin.token, me.user.id, [empty!.id])
    renderApp('/user/packages')
    const card = await screen.findByRole('article', { name: 'Empty Shell' })
    expect(within(card).getByText('No skills added to this package yet.')).toBeInTheDocument()
    expect(
      within(screen.getByRole('article', { name: 'Web Development' })).queryByText('No skills added to this package yet.'),
    ).not.toBeInTheDocument()
  })

  it("searches package and skill titles case-insensitively, keeps the query in the URL, and says 'No matching packages found.'", async () => {
    await learnerWithPackages()
    const { user, router } = renderApp('/user/packages')
    await screen.findByRole('article', { name: 'Web Development' })
    const box = screen.getByPlaceholderText('Search your packages or skills...')
    expect(box).toHaveAttribute('type', 'search')

    await user.type(box, 'PYTHON')
    await waitFor(() => expect(searchOf(router).q).toBe('PYTHON'))
    expect(titles()).toEqual(['data Science'])
    await user.clear(box)
    await user.type(box, 'web')
    await waitFor(() => expect(titles()).toEqual(['Web Development']))
    await user.clear(box)
    await user.type(box, 'serverless') // a skill of a package that is not theirs
    expect(await screen.findByText('No matching packages found.')).toBeInTheDocument()
    expect(titles()).toEqual([])
  })

  it('sorts due first (the default), by title-asc, title-desc, date-newest and date-oldest (createdAt), kept in the URL', async () => {
    const { admin, me } = await learnerWithPackages()
    const third = await seedTree(admin.token, { title: 'Algorithms', createdAt: '2023-12-01T10:00:00Z', skills: [{ title: 'Sorting' }] })
    await assignPackages(admin.token, me.user.id, [third.id])
    const { user, router } = renderApp('/user/packages?sort=date-newest')
    await screen.findByRole('article', { name: 'Web Development' })
    expect(titles()).toEqual(['data Science', 'Web Development', 'Algorithms'])
    const sort = screen.getByRole('combobox', { name: 'Sort by' })
    expect(sort).toHaveValue('date-newest')
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['due', 'title-asc', 'title-desc', 'date-newest', 'date-oldest'])

    await user.selectOptions(sort, 'date-oldest')
    await waitFor(() => expect(searchOf(router).sort).toBe('date-oldest'))
    expect(titles()).toEqual(['Algorithms', 'Web Development', 'data Science'])
    await user.selectOptions(sort, 'title-desc')
    await waitFor(() => expect(titles()).toEqual(['Web Development', 'data Science', 'Algorithms']))
    await user.selectOptions(sort, 'title-asc')
    await waitFor(() => expect(titles()).toEqual(['Algorithms', 'data Science', 'Web Development']))
    expect(searchOf(router).sort).toBe('title-asc')
    // 'Due first' is the default, so it leaves the URL; without due dates it reads by title.
    await user.selectOptions(sort, 'due')
    await waitFor(() => expect(router.state.location.href).toBe('/user/packages'))
    expect(titles()).toEqual(['Algorithms', 'data Science', 'Web Development'])
  })

  it("says 'Failed to load user information.' when the current user cannot be loaded", async () => {
    await learnerWithPackages()
    mswServer.use(
      http.get('*/api/user/getUserByEmail', () =>
        HttpResponse.json({ success: false, status: 500, message: 'Database unavailable' }, { status: 500 }),
      ),
    )
    renderApp('/user/packages')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user information. Database unavailable')
    expect(packageCards()).toHaveLength(0)
  })

  it('gives feedback on a skill and on a package: the dialog names the target and the review is stored for it', async () => {
    const { web, me } = await learnerWithPackages()
    const sent: unknown[] = []
    mswServer.use(
      http.post('*/api/reviews', async ({ request }) => {
        sent.push(await request.clone().json())
        return undefined
      }),
    )
    const { user } = renderApp('/user/packages')
    const toasts = watchToasts()
    const webCard = await screen.findByRole('article', { name: 'Web Development' })
    const reactCard = within(webCard).getByRole('group', { name: 'React Basics' })
    await user.click(within(reactCard).getByRole('button', { name: 'Give Feedback on Skill' }))

    let modal = await inDialog('Submit Review')
    expect(modal.getByText('Skill: React Basics')).toBeInTheDocument()
    expect(modal.getByRole('button', { name: 'Submit' })).toBeDisabled()
    await user.click(modal.getByRole('radio', { name: '3 stars' }))
    await user.type(modal.getByRole('textbox', { name: 'Your Review' }), '  Good examples.  ')
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(toasts.count('Review submitted!')).toBe(1))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(sent[0]).toEqual({
      targetType: 'SKILL',
      targetId: web.skills[0]!.id,
      presentationRating: 3,
      reviewText: 'Good examples.',
      rating: 5,
    })

    await user.click(within(webCard).getByRole('button', { name: 'Give Feedback on Package' }))
    modal = await inDialog('Submit Review')
    expect(modal.getByText('Package: Web Development')).toBeInTheDocument()
    // A fresh form each time it opens.
    expect(modal.getByRole('textbox', { name: 'Your Review' })).toHaveValue('')
    expect(modal.getByRole('button', { name: 'Submit' })).toBeDisabled()
    await user.click(modal.getByRole('radio', { name: '5 stars' }))
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(toasts.count('Review submitted!')).toBe(2))
    expect(sent[1]).toMatchObject({ targetType: 'PACKAGE', targetId: web.id, presentationRating: 5, rating: 5 })

    const stored = await testContext().request<{ totalReviews: number; averageRating: number }>(
      'GET',
      `/api/reviews/summary?targetType=SKILL&targetId=${web.skills[0]!.id}`,
      { token: me.token },
    )
    expect(stored.body.data).toEqual({ totalReviews: 1, averageRating: 3 })
  })

  it('closes the feedback dialog on Cancel without sending anything', async () => {
    await learnerWithPackages()
    let posts = 0
    mswServer.use(
      http.post('*/api/reviews', () => {
        posts++
        return undefined
      }),
    )
    const { user } = renderApp('/user/packages')
    const webCard = await screen.findByRole('article', { name: 'Web Development' })
    await user.click(within(webCard).getByRole('button', { name: 'Give Feedback on Package' }))
    const modal = await inDialog('Submit Review')
    await user.click(modal.getByRole('radio', { name: '2 stars' }))
    await user.click(modal.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posts).toBe(0)
  })
})
