import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Package } from '../../contract/content.ts'
import { saveSession } from '../../src/api/session.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, testContext } from '../support/render.tsx'
import { seedCourse, signInLearner, submitViaApi } from '../support/results.ts'
import { findToast } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

const toggle = (subTopic: string) => screen.getByRole('button', { name: new RegExp(`^(View|Hide) Attempts: ${subTopic}$`) })
const attemptRows = (subTopic: string) =>
  within(screen.getByRole('table', { name: `Attempts at ${subTopic}` }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )

describe('skill results (MCQ Results)', () => {
  it('shows the skill’s topics with their sub-topics; each sub-topic toggles its own attempts', async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    const ctx = testContext()
    const [q1] = course.questions.adding
    ctx.now = new Date(2025, 0, 5, 15, 30)
    await submitViaApi(learner.token, [course.adding.id, course.placeValue.id], { [q1!.id]: ['A'] })
    // Another learner's attempts are never mixed in.
    const other = await ctx.createUser({ name: 'Other Learner' })
    await assignPackages(course.adminToken, other.user.id, [course.packageId])
    await submitViaApi(other.token, [course.comparing.id], {})

    const { user } = renderApp(`/mcq-test/resutls/${course.skill.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'MCQ Results' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Topics and their sub-topics' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Topic Name', 'SubTopics'])
    const [fractions, decimals] = within(table).getAllByRole('row').slice(1)
    expect(within(fractions!).getAllByRole('cell')[0]).toHaveTextContent('Fractions')
    expect(within(fractions!).getByText('Adding fractions')).toBeInTheDocument()
    expect(within(fractions!).getByText('Comparing fractions')).toBeInTheDocument()
    expect(within(decimals!).getAllByRole('cell')[0]).toHaveTextContent('Decimals')
    expect(within(decimals!).getByText('Place value')).toBeInTheDocument()

    const adding = toggle('Adding fractions')
    expect(adding).toHaveTextContent('View Attempts')
    expect(adding).toHaveAttribute('aria-expanded', 'false')
    await user.click(adding)
    expect(adding).toHaveAttribute('aria-expanded', 'true')
    expect(adding).toHaveTextContent('Hide Attempts')
    expect(document.getElementById(adding.getAttribute('aria-controls')!)).toBeInTheDocument()
    const headers = within(screen.getByRole('table', { name: 'Attempts at Adding fractions' })).getAllByRole('columnheader')
    expect(headers.map((h) => h.textContent)).toEqual([
      '#',
      'Attempt Number',
      'Score',
      'Total Marks',
      'Attempted At',
      'Percentage',
      'Result',
      'Review',
    ])
    expect(attemptRows('Adding fractions')).toEqual([['1', '1', '1', '2', '05 Jan 2025, 03:30 PM', '50 %', 'Not passed yet', 'Review']])
    expect(screen.getByRole('link', { name: 'Full attempt history' })).toHaveAttribute(
      'href',
      `/mcq-test/attempt-history/${course.adding.id}`,
    )

    await user.click(toggle('Comparing fractions'))
    expect(within(fractions!).getByText('No attempts found')).toBeInTheDocument()

    await user.click(toggle('Adding fractions'))
    expect(toggle('Adding fractions')).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('table', { name: 'Attempts at Adding fractions' })).not.toBeInTheDocument()

    await user.click(toggle('Place value'))
    expect(attemptRows('Place value')).toEqual([['1', '1', '0', '1', '05 Jan 2025, 03:30 PM', '0 %', 'Not passed yet', 'Review']])
    expect(screen.getByRole('link', { name: 'Take Test: Place value' })).toHaveAttribute('href', `/mcq-test/${course.placeValue.id}`)
  })

  it("shows 'No topics found.' for a skill without topics", async () => {
    const ctx = testContext()
    const admin = await ctx.createUser({ role: 'admin' })
    const created = await ctx.request<Package>('POST', '/api/packages/createPackage', {
      token: admin.token,
      body: {
        title: 'Empty',
        description: 'Nothing yet.',
        price: '1.00',
        skills: [{ title: 'Bare skill', description: 'No topics.', price: '1.00' }],
      },
    })
    const learner = await ctx.createUser()
    await assignPackages(admin.token, learner.user.id, [created.body.data!.id])
    saveSession(learner.token, learner.user)
    renderApp(`/mcq-test/resutls/${created.body.data!.skills[0]!.id}`)
    expect(await screen.findByText('No topics found.')).toBeInTheDocument()
  })

  it("shows 'Failed to fetch topics or attempts' when the attempts cannot be loaded (toast and inline)", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    mswServer.use(http.get('*/api/mcq-attempts/byMultipleSubTopicIds', () => HttpResponse.text('', { status: 500 })))
    const { user } = renderApp(`/mcq-test/resutls/${course.skill.id}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch topics or attempts')
    expect(await findToast('Failed to fetch topics or attempts')).toBeInTheDocument()
    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('table', { name: 'Topics and their sub-topics' })).toBeInTheDocument()
  })

  it("shows 'Failed to fetch topics or attempts' when the topics cannot be loaded", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    mswServer.use(http.get('*/api/skills/skills/:id/topics', () => HttpResponse.text('', { status: 500 })))
    renderApp(`/mcq-test/resutls/${course.skill.id}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch topics or attempts')
    expect(await findToast('Failed to fetch topics or attempts')).toBeInTheDocument()
  })

  it('/mcq-test/results/{id} goes to /mcq-test/resutls/{id}', async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const { router } = renderApp(`/mcq-test/results/${course.skill.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'MCQ Results' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/mcq-test/resutls/${course.skill.id}`)
  })

  it('shows the new attempt after a test taken from the results page, without a reload', async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const { user, router } = renderApp(`/mcq-test/resutls/${course.skill.id}`)
    await screen.findByRole('table', { name: 'Topics and their sub-topics' })
    await user.click(toggle('Comparing fractions'))
    expect(screen.getByText('No attempts found')).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Take Test: Comparing fractions' }))
    await user.click(await screen.findByRole('button', { name: 'Start test' }))
    const only = await screen.findByRole('group', { name: '1. Which is larger?' })
    await user.click(within(only).getByRole('checkbox', { name: 'B. 1/2' }))
    await user.click(screen.getByRole('button', { name: 'Submit Test' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 1')

    await act(async () => router.history.back())
    await screen.findByRole('table', { name: 'Topics and their sub-topics' })
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mcq-test/resutls/${course.skill.id}`))
    await user.click(toggle('Comparing fractions'))
    await waitFor(() => expect(attemptRows('Comparing fractions').map((r) => r.slice(0, 4))).toEqual([['1', '1', '1', '1']]))
  })
})
