import { screen, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { renderApp } from '../support/render.tsx'
import { getTestSettings } from '../support/assessment.ts'
import { seedCourse, signInAdmin } from '../support/results.ts'
import { findToast } from '../support/toasts.ts'

type User = ReturnType<typeof userEvent.setup>

/** Replaces a number field's value. */
async function typeNumber(user: User, form: ReturnType<typeof within>, label: string, value: string) {
  const input = form.getByRole('textbox', { name: label })
  await user.clear(input)
  await user.type(input, value)
}

describe('test settings (admin)', () => {
  it('on the sub-topic page: each setting explained in one line, a sentence that sums them up, and Save with a toast', async () => {
    const course = await seedCourse()
    signInAdmin(course)
    const { user } = renderApp(`/subtopic/${course.adding.id}`)

    const form = within(await screen.findByRole('form', { name: /^Test settings/ }))
    // The defaults keep today's behaviour, and say so.
    expect(
      await form.findByText('All 2 questions, no time limit, unlimited attempts, answers shown after each attempt, pass mark 60 %.'),
    ).toBeInTheDocument()
    expect(form.getByRole('textbox', { name: 'Attempts allowed' })).toHaveAccessibleDescription(
      'How many times a learner may take the test; 0 for unlimited.',
    )
    expect(form.getByRole('button', { name: 'Save test settings' })).toBeDisabled()

    await typeNumber(user, form, 'Questions per attempt', '1')
    await typeNumber(user, form, 'Time limit (minutes)', '15')
    await typeNumber(user, form, 'Attempts allowed', '3')
    await user.click(form.getByRole('switch', { name: /^Show answers only after the last attempt/ }))
    expect(
      form.getByText('1 of 2 questions, 15 minutes, 3 attempts, answers shown after the last attempt, pass mark 60 %.'),
    ).toBeInTheDocument()

    await user.selectOptions(form.getByRole('combobox', { name: 'After submitting, learners see' }), 'The correct answers and explanations')
    await user.click(form.getByRole('switch', { name: /^Shuffle options/ }))
    await user.selectOptions(form.getByRole('combobox', { name: 'Scoring' }), 'Partial marks')
    expect(
      form.getByText(
        '1 of 2 questions, 15 minutes, 3 attempts, answers and explanations shown after the last attempt, pass mark 60 %, options shuffled, partial marks.',
      ),
    ).toBeInTheDocument()

    await user.click(form.getByRole('button', { name: 'Save test settings' }))
    expect(await findToast('Test settings saved')).toBeInTheDocument()
    expect(await getTestSettings(course.adminToken, course.adding.id)).toMatchObject({
      passMark: 60,
      maxAttempts: 3,
      timeLimitMinutes: 15,
      drawCount: 1,
      shuffleQuestions: false,
      shuffleOptions: true,
      reviewPolicy: 'answers_and_explanations',
      reviewAfterLastAttemptOnly: true,
      scoring: 'partial',
    })
    expect(form.getByRole('button', { name: 'Save test settings' })).toBeDisabled()
  })

  it("says what 'never' and 'score' show, and the pass mark it holds", async () => {
    const course = await seedCourse()
    signInAdmin(course)
    const { user } = renderApp(`/subtopic/${course.adding.id}`)
    const form = within(await screen.findByRole('form', { name: /^Test settings/ }))
    await typeNumber(user, form, 'Pass mark (%)', '80')
    await user.selectOptions(form.getByRole('combobox', { name: 'After submitting, learners see' }), 'Nothing but the attempt')
    expect(
      form.getByText('All 2 questions, no time limit, unlimited attempts, nothing shown after submitting, pass mark 80 %.'),
    ).toBeInTheDocument()
    // Keys are not shown at all, so when to show them is not asked.
    expect(form.getByRole('switch', { name: /^Show answers only after the last attempt/ })).toBeDisabled()
    await user.selectOptions(form.getByRole('combobox', { name: 'After submitting, learners see' }), 'The score and whether they passed')
    expect(form.getByText(/only the score shown, pass mark 80 %\.$/)).toBeInTheDocument()
  })

  it('on Upload Content: each sub-topic has a Test settings tab with the same form', async () => {
    const course = await seedCourse()
    signInAdmin(course)
    const { user } = renderApp(`/skill/${course.skill.id}/topics`)
    const card = within(await screen.findByRole('region', { name: 'Adding fractions' }))
    await user.click(card.getByRole('tab', { name: 'Test settings' }))
    const form = within(await card.findByRole('form', { name: /^Test settings/ }))
    expect(await form.findByText(/^All 2 questions, no time limit/)).toBeInTheDocument()
    await typeNumber(user, form, 'Attempts allowed', '2')
    await user.click(form.getByRole('button', { name: 'Save test settings' }))
    expect(await findToast('Test settings saved')).toBeInTheDocument()
    expect((await getTestSettings(course.adminToken, course.adding.id)).maxAttempts).toBe(2)
  })
})

describe('test settings hints', () => {
  it('the scoring hint matches the choice, and more questions per attempt than the bank holds is named inline', async () => {
    const course = await seedCourse()
    signInAdmin(course)
    const { user } = renderApp(`/subtopic/${course.adding.id}`)
    const form = within(await screen.findByRole('form', { name: /^Test settings/ }))
    await form.findByText(/^All 2 questions/)

    const scoring = form.getByRole('combobox', { name: 'Scoring' })
    expect(scoring).toHaveAccessibleDescription(/^All or nothing: /)
    expect(scoring).not.toHaveAccessibleDescription(/Partial/)
    await user.selectOptions(scoring, 'Partial marks')
    expect(scoring).toHaveAccessibleDescription('Partial: correct picks minus wrong picks per question, never below 0.')

    await typeNumber(user, form, 'Questions per attempt', '12')
    expect(form.getByRole('textbox', { name: 'Questions per attempt' })).toHaveAccessibleDescription(
      /Questions per attempt \(12\) cannot exceed the 2 questions in this sub-topic's bank\./,
    )
  })
})
