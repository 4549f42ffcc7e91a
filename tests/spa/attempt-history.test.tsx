import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { mswServer } from '../support/server.ts'
import { renderApp, testContext } from '../support/render.tsx'
import { seedCourse, signInLearner, submitViaApi } from '../support/results.ts'
import { findToast } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )

describe('attempt history', () => {
  it('lists the learner’s attempts newest first: #, attempt number (both counting up from the first attempt), score, total marks and the time as 05 Jan 2025, 03:30 PM', async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    const ctx = testContext()
    const [q1, q2] = course.questions.adding
    ctx.now = new Date(2025, 0, 5, 15, 30)
    await submitViaApi(learner.token, [course.adding.id], { [q1!.id]: ['A'] })
    ctx.now = new Date(2025, 0, 6, 9, 5)
    await submitViaApi(learner.token, [course.adding.id], { [q1!.id]: ['A'], [q2!.id]: ['C', 'A'] })
    // Someone else's attempt never shows.
    const other = await testContext().createUser({ name: 'Other Learner' })
    await assignPackages(course.adminToken, other.user.id, [course.packageId])
    await submitViaApi(other.token, [course.adding.id], {})

    renderApp(`/mcq-test/attempt-history/${course.adding.id}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'Attempt History' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Attempts at Adding fractions' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Attempt Number', 'Score', 'Total Marks', 'Attempted At', 'Percentage', 'Result', 'Review'])
    expect(rowsOf(table)).toEqual([
      ['2', '2', '2', '2', '06 Jan 2025, 09:05 AM', '100 %', 'Passed', 'Review'],
      ['1', '1', '1', '2', '05 Jan 2025, 03:30 PM', '50 %', 'Not passed yet', 'Review'],
    ])
    expect(screen.getByText('Adding fractions')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Take Test' })).toHaveAttribute('href', `/mcq-test/${course.adding.id}`)
  })

  it("shows 'No attempts found for this SubTopic.' before the first attempt", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    renderApp(`/mcq-test/attempt-history/${course.comparing.id}`)
    expect(await screen.findByText('No attempts found for this SubTopic.')).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it("shows 'Failed to fetch attempt history' as a toast and inline; Retry loads it", async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    await submitViaApi(learner.token, [course.adding.id], {})
    mswServer.use(http.get('*/api/mcq-attempts/bySubTopic', () => HttpResponse.text('', { status: 500 })))
    const { user } = renderApp(`/mcq-test/attempt-history/${course.adding.id}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch attempt history')
    expect(await findToast('Failed to fetch attempt history')).toBeInTheDocument()
    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    const table = await screen.findByRole('table', { name: 'Attempts at Adding fractions' })
    expect(rowsOf(table)).toHaveLength(1)
  })

  it('shows a new attempt after a test taken in the same session, without a reload', async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    await submitViaApi(learner.token, [course.adding.id], {})
    const { user, router } = renderApp(`/mcq-test/attempt-history/${course.adding.id}`)
    const table = await screen.findByRole('table', { name: 'Attempts at Adding fractions' })
    expect(rowsOf(table)).toHaveLength(1)

    await user.click(screen.getByRole('link', { name: 'Take Test' }))
    await user.click(await screen.findByRole('button', { name: 'Start test' }))
    const first = await screen.findByRole('group', { name: '1. What is 1/2 + 1/4?' })
    await user.click(within(first).getByRole('checkbox', { name: 'A. 3/4' }))
    await user.click(screen.getByRole('button', { name: 'Submit Test' }))
    await user.click(await screen.findByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 2')

    await user.click(screen.getByRole('link', { name: 'Attempt history' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/mcq-test/attempt-history/${course.adding.id}`))
    await waitFor(() => expect(rowsOf(screen.getByRole('table', { name: 'Attempts at Adding fractions' }))).toHaveLength(2))
    const [newest] = rowsOf(screen.getByRole('table', { name: 'Attempts at Adding fractions' }))
    expect(newest!.slice(0, 4)).toEqual(['2', '2', '1', '2'])
  })

  it('a malformed sub-topic id is not a page', async () => {
    const course = await seedCourse()
    await signInLearner(course)
    renderApp('/mcq-test/attempt-history/x1')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })
})
