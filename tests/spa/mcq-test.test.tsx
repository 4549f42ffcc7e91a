import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { http, HttpResponse } from 'msw'
import type { Sitting } from '../../contract/assessment.ts'
import { AppProviders } from '../../src/AppProviders.tsx'
import { sittingKeys } from '../../src/queries/sittings.ts'
import { createAppRouter, createQueryClient } from '../../src/router.tsx'
import { gate, mswServer, recordBodies } from '../support/server.ts'
import { renderApp, testContext } from '../support/render.tsx'
import { inDialog } from '../support/learning.ts'
import { openTest } from '../support/assessment.ts'
import { attemptsOf, insertQuestions, seedCourse, signInLearner } from '../support/results.ts'
import { findToast } from '../support/toasts.ts'

const question = (name: string | RegExp) => screen.findByRole('group', { name })
const submitButton = () => screen.getByRole('button', { name: 'Submit Test' })

/** 'Submit Test' with questions left unanswered: the dialog asks this question, and 'Submit' goes ahead. */
async function submitUnanswered(user: ReturnType<typeof userEvent.setup>, asked: string) {
  await user.click(submitButton())
  const dialog = await inDialog('Submit Test')
  expect(dialog.getByText(asked)).toBeInTheDocument()
  await user.click(dialog.getByRole('button', { name: 'Submit' }))
}

/** The bodies of POST /mcq-attempts/create the SPA sent. */
const recordSubmissions = () =>
  recordBodies<{ subTopicIds: number[]; answers: Record<string, string[]>; submissionId?: string }>('POST', /\/api\/mcq-attempts\/create$/)

describe('test screen', () => {
  it('shows the sub-topic title and each question numbered with checkbox options, hiding options whose text is na', async () => {
    const course = await seedCourse()
    await signInLearner(course)
    await openTest(`/mcq-test/${course.adding.id}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Adding fractions' })).toBeInTheDocument()
    const first = await question('1. What is 1/2 + 1/4?')
    expect(
      within(first)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['A', 'B'])
    expect(within(first).getByRole('checkbox', { name: 'A. 3/4' })).not.toBeChecked()
    expect(within(first).getByRole('checkbox', { name: 'B. 2/6' })).toBeInTheDocument()
    const second = await question('2. Which fractions equal one half?')
    expect(within(second).getAllByRole('checkbox')).toHaveLength(3)
    // 'na', 'NA' and 'Na' are never shown.
    expect(screen.queryByText(/^na$/i)).not.toBeInTheDocument()
    expect(screen.queryByRole('checkbox', { name: /\bna\b/i })).not.toBeInTheDocument()
    expect(submitButton()).toBeEnabled()
    expect(screen.getByText('0 of 2 answered')).toBeInTheDocument()
  })

  it('grades on the server: an exact set counts, a partial selection does not; the result marks each question and shows the correct options', async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)

    const first = await question('1. What is 1/2 + 1/4?')
    await user.click(within(first).getByRole('checkbox', { name: 'A. 3/4' }))
    const second = await question('2. Which fractions equal one half?')
    // Only one of the two correct answers: wrong.
    await user.click(within(second).getByRole('checkbox', { name: 'A. 2/4' }))
    expect(screen.getByText('2 of 2 answered')).toBeInTheDocument()
    await user.click(submitButton())

    // Every question answered: nothing to ask.
    expect(await screen.findByRole('heading', { name: 'Test Completed' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('You scored 1 out of 2')
    expect(await findToast('Test submitted and result saved!')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit Test' })).not.toBeInTheDocument()

    const answers = within(screen.getByRole('list', { name: 'Your answers' }))
    const [q1, q2] = answers.getAllByRole('listitem', { name: /^\d+\./ })
    expect(q1).toHaveAccessibleName('1. What is 1/2 + 1/4?')
    expect(within(q1!).getByText('Correct')).toBeInTheDocument()
    expect(within(q1!).getByText(/Correct answer:/).parentElement).toHaveTextContent('Correct answer: A · You chose A')
    expect(within(q2!).getByText('Wrong')).toBeInTheDocument()
    expect(within(q2!).getByText(/Correct answer:/).parentElement).toHaveTextContent('Correct answer: A, C · You chose A')
    // The options carry their marks for screen readers too.
    expect(within(q2!).getByText(/4\/8/).closest('li')).toHaveTextContent('C. 4/8 (correct answer)')
    expect(within(q2!).getByText(/2\/4/).closest('li')).toHaveTextContent('A. 2/4 (your answer, correct answer)')

    // Stored once, for this sub-topic, with the server's score.
    expect(await attemptsOf(learner.token, course.adding.id)).toMatchObject([{ attemptNumber: 1, score: 1, totalMarks: 2 }])
    expect(screen.getByRole('link', { name: 'Attempt history' })).toHaveAttribute('href', `/mcq-test/attempt-history/${course.adding.id}`)
  })

  it("asks 'Submit with 1 unanswered question?' first: Cancel keeps the test open, Submit counts the unanswered ones as wrong", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const bodies = recordSubmissions()
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)
    const second = await question('2. Which fractions equal one half?')
    await user.click(within(second).getByRole('checkbox', { name: 'C. 4/8' }))
    await user.click(within(second).getByRole('checkbox', { name: 'A. 2/4' }))
    await user.click(submitButton())
    const asking = await inDialog('Submit Test')
    expect(asking.getByText('Submit with 1 unanswered question?')).toBeInTheDocument()
    await user.click(asking.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByText('Test Completed')).not.toBeInTheDocument()
    expect(within(second).getByRole('checkbox', { name: 'C. 4/8' })).toBeChecked()
    expect(bodies).toEqual([])

    await submitUnanswered(user, 'Submit with 1 unanswered question?')
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 2')
    const [q1] = within(screen.getByRole('list', { name: 'Your answers' })).getAllByRole('listitem', { name: /^\d+\./ })
    expect(within(q1!).getByText('Wrong')).toBeInTheDocument()
    expect(within(q1!).getByText(/Not answered/)).toBeInTheDocument()
  })

  it("'Retake Test' clears the answers and starts a new sitting with a new submission id", async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    const bodies = recordSubmissions()
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)

    await user.click(within(await question('1. What is 1/2 + 1/4?')).getByRole('checkbox', { name: 'A. 3/4' }))
    await submitUnanswered(user, 'Submit with 1 unanswered question?')
    await user.click(await screen.findByRole('button', { name: 'Retake Test' }))

    const first = await question('1. What is 1/2 + 1/4?')
    expect(screen.queryByText('Test Completed')).not.toBeInTheDocument()
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked()
    expect(screen.getByText('0 of 2 answered')).toBeInTheDocument()

    await user.click(within(first).getByRole('checkbox', { name: 'B. 2/6' }))
    await submitUnanswered(user, 'Submit with 1 unanswered question?')
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 0 out of 2')

    await waitFor(() => expect(bodies).toHaveLength(2))
    expect(bodies[0]!.answers).toEqual({ [course.questions.adding[0]!.id]: ['A'] })
    expect(bodies[1]!.answers).toEqual({ [course.questions.adding[0]!.id]: ['B'] })
    expect(bodies[0]!.submissionId).toBeTruthy()
    expect(bodies[1]!.submissionId).not.toBe(bodies[0]!.submissionId)
    const attempts = await attemptsOf(learner.token, course.adding.id)
    expect(attempts.map((a) => [a.attemptNumber, a.score])).toEqual([
      [2, 0],
      [1, 1],
    ])
  })

  it("shows 'Questions will be added' when the sub-topics have no questions", async () => {
    const course = await seedCourse({ withQuestions: false })
    await signInLearner(course)
    renderApp(`/mcq-test/${course.adding.id},${course.comparing.id}`)
    expect(await screen.findByText('Questions will be added')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Start test' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit Test' })).not.toBeInTheDocument()
  })

  it('a test over several sub-topics shows their titles, labels each question with its sub-topic and stores one attempt per sub-topic with its own score', async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    const { user } = await openTest(`/mcq-test/${course.adding.id},${course.comparing.id},${course.placeValue.id}`)

    expect(await screen.findByRole('heading', { level: 1, name: 'Test on 3 sub-topics' })).toBeInTheDocument()
    for (const title of ['Adding fractions', 'Comparing fractions', 'Place value'])
      expect(screen.getAllByText(title).length).toBeGreaterThanOrEqual(1)
    const larger = await question('3. Which is larger?')
    await user.click(within(larger).getByRole('checkbox', { name: 'B. 1/2' }))
    const tenths = await question(/^4\. Which digits/)
    await user.click(within(tenths).getByRole('checkbox', { name: 'B. 5' }))
    await user.click(within(tenths).getByRole('checkbox', { name: 'D. 2' }))
    await submitUnanswered(user, 'Submit with 2 unanswered questions?')

    expect(await screen.findByRole('status')).toHaveTextContent('You scored 2 out of 4')
    const perSubTopic = screen.getByRole('table', { name: 'Score per sub-topic' })
    const rows = within(perSubTopic).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      'Adding fractions0 / 2 · Not passed yet#1',
      'Comparing fractions1 / 1 · Passed#1',
      'Place value1 / 1 · Passed#1',
    ])
    expect(await attemptsOf(learner.token, course.adding.id)).toMatchObject([{ score: 0, totalMarks: 2 }])
    expect(await attemptsOf(learner.token, course.comparing.id)).toMatchObject([{ score: 1, totalMarks: 1 }])
    expect(await attemptsOf(learner.token, course.placeValue.id)).toMatchObject([{ score: 1, totalMarks: 1 }])
  })

  it("a failed save shows 'Failed to save test attempt', keeps the answers, and submitting again works", async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    mswServer.use(
      http.post('*/api/mcq-attempts/create', () =>
        HttpResponse.json({ success: false, status: 500, message: 'Database unavailable' }, { status: 500 }),
      ),
    )
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)

    await user.click(within(await question('1. What is 1/2 + 1/4?')).getByRole('checkbox', { name: 'A. 3/4' }))
    await submitUnanswered(user, 'Submit with 1 unanswered question?')
    expect(await findToast('Failed to save test attempt')).toBeInTheDocument()
    expect(screen.queryByText('Test Completed')).not.toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'A. 3/4' })).toBeChecked()
    expect(submitButton()).toBeEnabled()

    mswServer.resetHandlers()
    await submitUnanswered(user, 'Submit with 1 unanswered question?')
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 2')
    expect(await attemptsOf(learner.token, course.adding.id)).toHaveLength(1)
  })

  it('a double click on Submit stores one attempt set: the button is disabled while saving and every request carries the same submission id', async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    const bodies = recordSubmissions()
    const held = gate()
    let hits = 0
    mswServer.use(
      http.post('*/api/mcq-attempts/create', async ({ request }) => {
        hits++
        await held.opened
        return testContext().app.fetch(request)
      }),
    )
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)
    await user.click(within(await question('1. What is 1/2 + 1/4?')).getByRole('checkbox', { name: 'A. 3/4' }))
    await user.click(within(await question('2. Which fractions equal one half?')).getByRole('checkbox', { name: 'B. 3/4' }))
    await user.dblClick(submitButton())
    await waitFor(() => expect(submitButton()).toBeDisabled())
    await user.click(submitButton()).catch(() => undefined)
    held.open()

    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 2')
    expect(hits).toBe(1)
    expect(new Set(bodies.map((b) => b.submissionId)).size).toBe(1)
    expect(await attemptsOf(learner.token, course.adding.id)).toHaveLength(1)
  })

  it('a retry after a lost answer reuses the submission id, so the server returns the stored result instead of storing twice', async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    // The server stores the attempt but the answer never arrives.
    mswServer.use(
      http.post(
        '*/api/mcq-attempts/create',
        async ({ request }) => {
          await testContext().app.fetch(request)
          return HttpResponse.text('', { status: 502 })
        },
        { once: true },
      ),
    )
    const { user } = await openTest(`/mcq-test/${course.adding.id}`)
    await user.click(within(await question('1. What is 1/2 + 1/4?')).getByRole('checkbox', { name: 'A. 3/4' }))
    await submitUnanswered(user, 'Submit with 1 unanswered question?')
    expect(await findToast('Failed to save test attempt')).toBeInTheDocument()
    expect(await attemptsOf(learner.token, course.adding.id)).toHaveLength(1)

    await submitUnanswered(user, 'Submit with 1 unanswered question?')
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 2')
    expect(await attemptsOf(learner.token, course.adding.id)).toHaveLength(1)
  })

  it("a learner's sitting carries no answer key (checked on the network response)", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const bodies: string[] = []
    const listener = ({ request, response }: { request: Request; response: Response }) => {
      if (request.url.includes('/api/mcq-attempts/start'))
        void response
          .clone()
          .text()
          .then((text) => bodies.push(text))
    }
    mswServer.events.on('response:mocked', listener)
    try {
      await openTest(`/mcq-test/${course.adding.id},${course.placeValue.id}`)
      await question('1. What is 1/2 + 1/4?')
      await waitFor(() => expect(bodies.length).toBeGreaterThan(0))
      for (const text of bodies) {
        const body = JSON.parse(text) as { data: { questions: Record<string, unknown>[] } }
        expect(body.data.questions).toHaveLength(3)
        expect(text).not.toMatch(/correctOption/i)
        for (const mcq of body.data.questions) expect(Object.keys(mcq)).not.toContain('correctOption')
      }
    } finally {
      mswServer.events.removeListener('response:mocked', listener)
    }
  })

  it("shows 'Failed to load MCQs' when the test cannot be loaded, and Retry loads it", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    mswServer.use(http.get('*/api/mcq-attempts/overview', () => HttpResponse.text('', { status: 503 })))
    const { user } = renderApp(`/mcq-test/${course.adding.id}`)
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load MCQs.')
    expect(await findToast('Failed to load MCQs')).toBeInTheDocument()
    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await user.click(await screen.findByRole('button', { name: 'Start test' }))
    expect(await question('1. What is 1/2 + 1/4?')).toBeInTheDocument()
  })

  it('a start that fails says so once, keeps the intro card, and Start again works', async () => {
    const course = await seedCourse()
    await signInLearner(course)
    mswServer.use(http.post('*/api/mcq-attempts/start', () => HttpResponse.json({ success: false, message: 'Try later' }, { status: 503 })))
    const { user } = renderApp(`/mcq-test/${course.adding.id}`)
    await user.click(await screen.findByRole('button', { name: 'Start test' }))
    expect(await findToast('Failed to start the test')).toBeInTheDocument()
    expect(screen.queryByText(/Failed to load MCQs/)).not.toBeInTheDocument()
    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Start test' }))
    expect(await question('1. What is 1/2 + 1/4?')).toBeInTheDocument()
  })

  it('a 30-question test stays responsive: ticking a box re-renders only its row', async () => {
    const course = await seedCourse({ withQuestions: false })
    await insertQuestions(course.adding.id, 30)
    await signInLearner(course)
    const queryClient = createQueryClient({ retryDelay: 0 })
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [`/mcq-test/${course.adding.id}`] }))
    const user = userEvent.setup()
    render(
      <AppProviders queryClient={queryClient} env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    )
    await user.click(await screen.findByRole('button', { name: 'Start test' }))
    const last = await screen.findByRole('group', { name: /^30\. Bulk question 30/ })
    expect(screen.getAllByRole('group', { name: /^\d+\. Bulk question/ })).toHaveLength(30)
    // 'na' is hidden in every one of them.
    expect(within(last).getAllByRole('checkbox')).toHaveLength(3)

    // A question row reads its question's options each time it renders: a getter on them counts the renders.
    const rowRenders: string[] = []
    const [open] = queryClient.getQueriesData<Sitting>({ queryKey: [...sittingKeys.all, 'detail'] })
    const sitting = open?.[1]
    expect(sitting?.questions).toHaveLength(30)
    for (const question of sitting!.questions) {
      const { options } = question
      Object.defineProperty(question, 'options', {
        get: () => {
          rowRenders.push(question.question)
          return options
        },
      })
    }
    await user.click(within(last).getByRole('checkbox', { name: 'A. 30' }))
    expect(within(last).getByRole('checkbox', { name: 'A. 30' })).toBeChecked()
    expect(screen.getByText('1 of 30 answered')).toBeInTheDocument()
    // The answered count above the list changed; of the 30 rows, only the ticked one rendered again.
    expect(rowRenders.length).toBeGreaterThan(0)
    expect(new Set(rowRenders)).toEqual(new Set(['Bulk question 30: what is 29 + 1?']))

    await submitUnanswered(user, 'Submit with 29 unanswered questions?')
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 30')
  })

  it('an unknown or malformed id list is not a page', async () => {
    const course = await seedCourse()
    await signInLearner(course)
    renderApp('/mcq-test/abc')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })
})
