import { screen, within } from '@testing-library/react'
import { renderApp } from '../support/render.tsx'
import { setTestSettings, startViaApi, submitSittingViaApi } from '../support/assessment.ts'
import { seedCourse, signInLearner, submitViaApi } from '../support/results.ts'

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )

describe('reviewing a past attempt', () => {
  it('the history adds the percentage and Passed; a row opens its review with the answers the policy allows', async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { reviewPolicy: 'answers', passMark: 50 })
    const learner = await signInLearner(course)
    const [q1, q2] = course.questions.adding
    await submitViaApi(learner.token, [course.adding.id], { [q1!.id]: ['A'], [q2!.id]: ['A'] })
    const { user } = renderApp(`/mcq-test/attempt-history/${course.adding.id}`)

    const table = await screen.findByRole('table', { name: 'Attempts at Adding fractions' })
    const [row] = rowsOf(table)
    expect(row!.slice(5, 7)).toEqual(['50 %', 'Passed'])
    await user.click(within(table).getByRole('link', { name: 'Review Attempt 1' }))

    const summary = within(await screen.findByRole('region', { name: 'Review of Attempt 1' }))
    expect(summary.getByText('You scored 1 out of 2 (50 %)')).toBeInTheDocument()
    expect(summary.getByText('Passed')).toBeInTheDocument()
    const [, second] = within(screen.getByRole('list', { name: 'Your answers' })).getAllByRole('listitem', { name: /^\d+\./ })
    expect(second).toHaveAccessibleName('2. Which fractions equal one half?')
    expect(within(second!).getByText(/Correct answer:/).parentElement).toHaveTextContent('Correct answer: A, C · You chose A')

    await user.click(screen.getByRole('link', { name: 'All attempts' }))
    expect(await screen.findByRole('table', { name: 'Attempts at Adding fractions' })).toBeInTheDocument()
  })

  it("under 'score' the review shows the score and no answers", async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { reviewPolicy: 'score' })
    const learner = await signInLearner(course)
    const [q1] = course.questions.adding
    await submitViaApi(learner.token, [course.adding.id], { [q1!.id]: ['A'] })
    const { user } = renderApp(`/mcq-test/attempt-history/${course.adding.id}`)
    await user.click(await screen.findByRole('link', { name: 'Review Attempt 1' }))
    expect(await screen.findByText('You scored 1 out of 2 (50 %)')).toBeInTheDocument()
    expect(screen.getByText('The correct answers are not shown for this test now.')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Your answers' })).not.toBeInTheDocument()
    expect(screen.queryByText(/Correct answer:/)).not.toBeInTheDocument()
  })

  it("a practice run is not listed as an attempt ('Attempt Number 0 … Not passed yet')", async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    await submitViaApi(learner.token, [course.adding.id], {})
    const practice = (await startViaApi(learner.token, [course.adding.id], 'mistakes')).body.data!
    await submitSittingViaApi(learner.token, practice.sittingId, {})
    renderApp(`/mcq-test/attempt-history/${course.adding.id}`)
    const table = await screen.findByRole('table', { name: 'Attempts at Adding fractions' })
    const rows = rowsOf(table)
    expect(rows).toHaveLength(1)
    expect(rows[0]![1]).toBe('1')
    expect(within(table).getByRole('link', { name: 'Review Attempt 1' })).toBeInTheDocument()
  })
})
