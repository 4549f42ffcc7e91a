import { screen, within } from '@testing-library/react'
import { renderApp, testContext } from '../support/render.tsx'
import { setTestSettings, startViaApi, submitSittingViaApi } from '../support/assessment.ts'
import { seedCourse, signInLearner } from '../support/results.ts'

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    )

describe('attempt results in the history', () => {
  it("says 'Passed' or 'Not passed yet' and 'Late' per attempt, and partial scores with one decimal", async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { scoring: 'partial', passMark: 70, timeLimitMinutes: 1 })
    const learner = await signInLearner(course)
    const ctx = testContext()
    const [q1, q2] = course.questions.adding

    // 1.5 of 2 (Q2 half right): passed.
    ctx.now = new Date(2025, 0, 5, 15, 30)
    const first = (await startViaApi(learner.token, [course.adding.id])).body.data!
    await submitSittingViaApi(learner.token, first.sittingId, { [q1!.id]: ['A'], [q2!.id]: ['A'] })

    // Submitted well after the deadline and its grace: the autosaved answers (none) are graded, and it is late.
    ctx.now = new Date(2025, 0, 6, 9, 0)
    const second = (await startViaApi(learner.token, [course.adding.id])).body.data!
    ctx.now = new Date(2025, 0, 6, 9, 5)
    await submitSittingViaApi(learner.token, second.sittingId, { [q1!.id]: ['A'] })

    renderApp(`/mcq-test/attempt-history/${course.adding.id}`)
    const table = await screen.findByRole('table', { name: 'Attempts at Adding fractions' })
    expect(rowsOf(table)).toEqual([
      ['2', '2', '0', '2', '06 Jan 2025, 09:05 AM', '0 %', 'Not passed yetLate', 'Review'],
      ['1', '1', '1.5', '2', '05 Jan 2025, 03:30 PM', '75 %', 'Passed', 'Review'],
    ])
  })
})
