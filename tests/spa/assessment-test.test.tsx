import { act, screen, waitFor, within } from '@testing-library/react'
import { renderApp } from '../support/render.tsx'
import { inDialog } from '../support/learning.ts'
import { explain, openTest, recordAutosaves, setTestSettings } from '../support/assessment.ts'
import { attemptsOf, seedCourse, signInLearner } from '../support/results.ts'
import { recordRequests } from '../support/server.ts'
import { stoppableClock } from '../support/clock.ts'
import { AUTOSAVE_DELAY_MS } from '../../src/components/quiz/useAutosave.ts'

const question = (name: string | RegExp) => screen.findByRole('group', { name })
const submitButton = () => screen.getByRole('button', { name: 'Submit Test' })
const Q1 = '1. What is 1/2 + 1/4?'
const Q2 = '2. Which fractions equal one half?'

describe('test screen on a sitting', () => {
  it('starts a sitting: the questions and their lettered options in the server’s order, autosaved as they change', async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const requests = recordRequests()
    const autosaves = recordAutosaves()
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)

    const first = await question(Q1)
    expect(
      within(first)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['A', 'B'])
    expect(within(first).getByRole('checkbox', { name: 'A. 3/4' })).toBeInTheDocument()
    expect(requests.seen).toContain('POST /api/mcq-attempts/start')
    // No time limit: no clock.
    expect(screen.queryByRole('timer')).not.toBeInTheDocument()

    // The autosave's delay starts at the tick: the clock stands from just before it (the click's own 0 ms waits run).
    const clock = stoppableClock()
    clock.stop()
    await user.click(within(first).getByRole('checkbox', { name: 'A. 3/4' }))
    await clock.advance(AUTOSAVE_DELAY_MS - 1)
    expect(screen.queryByText(/^· /)).not.toBeInTheDocument()
    expect(autosaves).toHaveLength(0)
    await clock.advance(1)
    await clock.until(() => expect(autosaves).toHaveLength(1))
    clock.resume()
    expect(await screen.findByText('· Answers saved')).toBeInTheDocument()
    expect(autosaves.at(-1)).toEqual({ answers: { [course.questions.adding[0]!.id]: ['A'] } })
    requests.stop()
  })

  it('a reload resumes the open sitting with its saved answers', async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const first = await openTest(`/mcq-test/${course.adding.id}`)
    const q2 = await question(Q2)
    // The autosave's delay: moved through on a stopped clock, not waited for.
    const clock = stoppableClock()
    clock.stop()
    await first.user.click(within(q2).getByRole('checkbox', { name: 'C. 4/8' }))
    await first.user.click(within(q2).getByRole('checkbox', { name: 'A. 2/4' }))
    await clock.advance(AUTOSAVE_DELAY_MS)
    clock.resume()
    expect(await screen.findByText('· Answers saved')).toBeInTheDocument()
    first.unmount()

    const requests = recordRequests()
    const { user } = renderApp(`/mcq-test/${course.adding.id}`)
    await user.click(await screen.findByRole('button', { name: 'Resume test' }))
    const second = await question(Q2)
    expect(within(second).getByRole('checkbox', { name: 'A. 2/4' })).toBeChecked()
    expect(within(second).getByRole('checkbox', { name: 'C. 4/8' })).toBeChecked()
    expect(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' })).not.toBeChecked()
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument()
    expect(requests.seen).not.toContain('POST /api/mcq-attempts/start')
    requests.stop()
  })

  it('a reload right after a tick keeps it: the pending save leaves on pagehide in a request that outlives the page', async () => {
    const course = await seedCourse()
    await signInLearner(course)
    // The browser finishes a keepalive request after its page is gone; an ordinary one dies with the page.
    const fetches = vi.spyOn(globalThis, 'fetch')
    const keepaliveSaves = () =>
      fetches.mock.calls.flatMap(([url, init], i) =>
        init?.keepalive === true && init.method === 'PUT' && /\/sittings\/[^/]+\/answers$/.test(String(url))
          ? [fetches.mock.results[i]!.value]
          : [],
      )
    const first = await openTest(`/mcq-test/${course.adding.id}`)
    await first.user.click(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' }))
    // The reload: the page goes away before the autosave's delay is up, and its timers and ordinary requests with it.
    act(() => void window.dispatchEvent(new Event('pagehide')))
    first.unmount()
    expect(keepaliveSaves()).toHaveLength(1)
    expect((await keepaliveSaves()[0]).status).toBe(200)
    fetches.mockRestore()

    const { user } = renderApp(`/mcq-test/${course.adding.id}`)
    await user.click(await screen.findByRole('button', { name: 'Resume test' }))
    expect(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' })).toBeChecked()
  })

  it('counts down with the time limit, warns visibly and aloud only at 5 minutes and at 1 minute, and submits itself at the deadline saying so', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { timeLimitMinutes: 6 })
    const learner = await signInLearner(course)
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)
    const timer = await screen.findByRole('timer', { name: 'Time left' })
    expect(timer).toHaveTextContent('06:00 left')
    const spoken = screen.getByTestId('time-announcement')
    expect(spoken).toHaveAttribute('aria-live', 'polite')
    expect(spoken).toBeEmptyDOMElement()

    await user.click(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' }))
    const tick = (seconds: number) => act(() => vi.advanceTimersByTime(seconds * 1000))
    await tick(59)
    expect(timer).toHaveTextContent('05:01 left')
    expect(spoken).toBeEmptyDOMElement()
    await tick(1)
    expect(timer).toHaveTextContent('05:00 left')
    expect(spoken).toHaveTextContent('5 minutes left')
    // A warning everyone sees, not only screen readers.
    expect(spoken).not.toHaveClass('mantine-VisuallyHidden-root')
    await tick(120)
    expect(spoken).toHaveTextContent('5 minutes left')
    await tick(119)
    expect(timer).toHaveTextContent('01:01 left')
    expect(spoken).toHaveTextContent('5 minutes left')
    await tick(1)
    expect(spoken).toHaveTextContent('1 minute left')
    expect(screen.queryByText('Test Completed')).not.toBeInTheDocument()

    await tick(60)
    // Nobody pressed Submit: the deadline did, without asking about the unanswered question.
    expect(await screen.findByRole('heading', { name: 'Test Completed' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('You scored 1 out of 2')
    expect(screen.getByRole('alert')).toHaveTextContent('Time is up: your answers were submitted')
    expect(await attemptsOf(learner.token, course.adding.id)).toMatchObject([{ attemptNumber: 1, score: 1, totalMarks: 2 }])
  })

  it("keeps 'Submit with N unanswered question(s)?' before submitting", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)
    await user.click(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' }))
    await user.click(submitButton())
    const dialog = await inDialog('Submit Test')
    expect(dialog.getByText('Submit with 1 unanswered question?')).toBeInTheDocument()
    await user.click(dialog.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 2')
  })

  it("shows 'Attempt 1 of 2', then 'Attempt 2 of 2', then 'No attempts left' with Submit disabled", async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { maxAttempts: 2 })
    await signInLearner(course)
    const first = await openTest(`/mcq-test/${course.adding.id}`)
    const { user } = first
    expect(await screen.findByText('Attempt 1 of 2')).toBeInTheDocument()
    await user.click(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' }))
    await user.click(within(await question(Q2)).getByRole('checkbox', { name: 'B. 3/4' }))
    await user.click(submitButton())
    await user.click(await screen.findByRole('button', { name: 'Retake Test' }))

    expect(await screen.findByText('Attempt 2 of 2')).toBeInTheDocument()
    for (const box of await screen.findAllByRole('checkbox')) expect(box).not.toBeChecked()
    await user.click(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' }))
    await user.click(within(await question(Q2)).getByRole('checkbox', { name: 'B. 3/4' }))
    await user.click(submitButton())
    expect(await screen.findByRole('heading', { name: 'Test Completed' })).toBeInTheDocument()
    expect(await screen.findByText('No attempts left')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Retake Test' })).toBeDisabled()
    first.unmount()

    // Opening the test again starts nothing: Start is disabled with the reason.
    const requests = recordRequests()
    renderApp(`/mcq-test/${course.adding.id}`)
    expect(await screen.findByText('No attempts left')).toBeInTheDocument()
    expect(screen.getByText('You have used all 2 attempts at this test.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Start test' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Start test' })).toHaveAccessibleDescription(/No attempts left/)
    expect(screen.queryByRole('group')).not.toBeInTheDocument()
    expect(requests.seen).not.toContain('POST /api/mcq-attempts/start')
    requests.stop()
  })
})

describe('what the result shows, by review policy', () => {
  /** Answers Q1 right and Q2 wrong, then submits. */
  async function takeTest(subTopicId: number) {
    const { user } = await openTest(`/mcq-test/${subTopicId}`)
    await user.click(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' }))
    await user.click(within(await question(Q2)).getByRole('checkbox', { name: 'A. 2/4' }))
    await user.click(submitButton())
    expect(await screen.findByRole('heading', { name: 'Test Completed' })).toBeInTheDocument()
    return user
  }

  it("'never': the attempt only, no score, no verdict, no answers", async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { reviewPolicy: 'never' })
    await signInLearner(course)
    await takeTest(course.adding.id)
    expect(screen.getByRole('status')).toHaveTextContent('Your answers have been recorded.')
    expect(screen.queryByText(/You scored/)).not.toBeInTheDocument()
    expect(screen.queryByText('Passed')).not.toBeInTheDocument()
    expect(screen.queryByText('Not passed yet')).not.toBeInTheDocument()
    expect(screen.queryByText(/Correct answer:/)).not.toBeInTheDocument()
  })

  it("'score': the score and 'Not passed yet' against the pass mark, no correct answers", async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { reviewPolicy: 'score', passMark: 60 })
    await signInLearner(course)
    await takeTest(course.adding.id)
    expect(screen.getByRole('status')).toHaveTextContent('You scored 1 out of 2')
    expect(screen.getByText('Not passed yet')).toBeInTheDocument()
    expect(screen.getByText('Pass mark: 60 %')).toBeInTheDocument()
    expect(screen.queryByText(/Correct answer:/)).not.toBeInTheDocument()
  })

  it("'answers': 'Passed' and the correct options under each question, without explanations", async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { reviewPolicy: 'answers', passMark: 50 })
    await explain(course.questions.adding[1]!.id, 'Both reduce to 1/2.')
    await signInLearner(course)
    await takeTest(course.adding.id)
    expect(screen.getByText('Passed')).toBeInTheDocument()
    const [, q2] = within(screen.getByRole('list', { name: 'Your answers' })).getAllByRole('listitem', { name: /^\d+\./ })
    expect(within(q2!).getByText(/Correct answer:/).parentElement).toHaveTextContent('Correct answer: A, C · You chose A')
    expect(screen.queryByText('Both reduce to 1/2.')).not.toBeInTheDocument()
  })

  it("'answers_and_explanations': the explanation under its question", async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { reviewPolicy: 'answers_and_explanations' })
    await explain(course.questions.adding[1]!.id, 'Both reduce to 1/2.')
    await signInLearner(course)
    await takeTest(course.adding.id)
    const [, q2] = within(screen.getByRole('list', { name: 'Your answers' })).getAllByRole('listitem', { name: /^\d+\./ })
    expect(within(q2!).getByText(/Correct answer:/).parentElement).toHaveTextContent('Correct answer: A, C')
    expect(within(q2!).getByText('Both reduce to 1/2.').parentElement).toHaveTextContent('Explanation: Both reduce to 1/2.')
  })

  it('answers after the last attempt only: no keys while attempts are left, the keys after the last', async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { maxAttempts: 2, reviewAfterLastAttemptOnly: true })
    await signInLearner(course)
    const user = await takeTest(course.adding.id)
    expect(screen.getByRole('status')).toHaveTextContent('You scored 1 out of 2')
    expect(screen.getByText('The correct answers are shown after your last attempt.')).toBeInTheDocument()
    expect(screen.queryByText(/Correct answer:/)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Retake Test' }))
    await user.click(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' }))
    await user.click(within(await question(Q2)).getByRole('checkbox', { name: 'A. 2/4' }))
    await user.click(submitButton())
    expect(await screen.findByRole('heading', { name: 'Test Completed' })).toBeInTheDocument()
    expect(await screen.findAllByText(/Correct answer:/)).toHaveLength(2)
    expect(screen.queryByText('The correct answers are shown after your last attempt.')).not.toBeInTheDocument()
  })

  it("'Practise my mistakes' opens a practice sitting of the questions got wrong", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const user = await takeTest(course.adding.id)
    await user.click(screen.getByRole('button', { name: 'Practise my mistakes' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Practise my mistakes' })).toBeInTheDocument()
    expect(await question('1. Which fractions equal one half?')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: /What is 1\/2 \+ 1\/4/ })).not.toBeInTheDocument()
    expect(screen.getByText(/This practice does not count as an attempt/)).toBeInTheDocument()
  })

  it("no 'Practise my mistakes' when every answer was right", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)
    await user.click(within(await question(Q1)).getByRole('checkbox', { name: 'A. 3/4' }))
    await user.click(within(await question(Q2)).getByRole('checkbox', { name: 'A. 2/4' }))
    await user.click(within(await question(Q2)).getByRole('checkbox', { name: 'C. 4/8' }))
    await user.click(submitButton())
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 2 out of 2')
    await waitFor(() => expect(screen.getByText('Passed')).toBeInTheDocument())
    expect(screen.queryByRole('button', { name: 'Practise my mistakes' })).not.toBeInTheDocument()
  })
})
