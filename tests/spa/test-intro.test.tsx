import { screen, within } from '@testing-library/react'
import { count, eq, isNull } from 'drizzle-orm'
import { mcqAttempts, mcqSittings, mcqs } from '../../server/db/schema.ts'
import { renderApp, testContext } from '../support/render.tsx'
import { setTestSettings, startViaApi, submitSittingViaApi } from '../support/assessment.ts'
import { seedCourse, signInLearner } from '../support/results.ts'
import { queryToast } from '../support/toasts.ts'
import { recordRequests } from '../support/server.ts'

const rowsIn = async (table: typeof mcqSittings | typeof mcqAttempts) =>
  (await testContext().deps.db.select({ n: count() }).from(table))[0]!.n
/** Takes a test through the API, answering nothing. */
async function useAttempt(token: string, subTopicIds: number[]) {
  const started = await startViaApi(token, subTopicIds)
  await submitSittingViaApi(token, started.body.data!.sittingId)
}
const intro = async () => within(await screen.findByRole('region', { name: 'Before you start' }))
const fact = (card: Awaited<ReturnType<typeof intro>>, term: string) => card.getByText(term).nextElementSibling

describe('the test intro card', () => {
  it('opening a test twice starts nothing and uses no attempt: the card says what the test holds', async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, {
      maxAttempts: 3,
      timeLimitMinutes: 20,
      passMark: 70,
      reviewPolicy: 'score',
    })
    await signInLearner(course)
    for (const _visit of [1, 2]) {
      const page = renderApp(`/mcq-test/${course.adding.id}`)
      const card = await intro()
      expect(fact(card, 'Questions')).toHaveTextContent('2')
      expect(fact(card, 'Time limit')).toHaveTextContent('20 minutes')
      expect(fact(card, 'Attempts')).toHaveTextContent('0 of 3 used · 3 left')
      expect(fact(card, 'Pass mark')).toHaveTextContent('70 %')
      expect(card.getByText('You will see your score after submitting, not the correct answers.')).toBeInTheDocument()
      expect(card.getByRole('button', { name: 'Start test' })).toBeEnabled()
      expect(screen.queryByRole('group', { name: /^1\./ })).not.toBeInTheDocument()
      expect(screen.queryByRole('timer')).not.toBeInTheDocument()
      page.unmount()
    }
    expect(await rowsIn(mcqSittings)).toBe(0)
    expect(await rowsIn(mcqAttempts)).toBe(0)
  })

  it('Start starts one sitting; opening the page again offers Resume of that sitting, never a new one', async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { timeLimitMinutes: 20 })
    await signInLearner(course)
    const first = renderApp(`/mcq-test/${course.adding.id}`)
    await first.user.click((await intro()).getByRole('button', { name: 'Start test' }))
    expect(await screen.findByRole('group', { name: '1. What is 1/2 + 1/4?' })).toBeInTheDocument()
    expect(screen.getByRole('timer')).toHaveTextContent(/left/)
    expect(await rowsIn(mcqSittings)).toBe(1)
    first.unmount()

    const requests = recordRequests()
    const { user } = renderApp(`/mcq-test/${course.adding.id}`)
    const card = within(await screen.findByRole('region', { name: 'Test in progress' }))
    expect(card.getByText(/Time left: \d\d:\d\d/)).toBeInTheDocument()
    await user.click(card.getByRole('button', { name: 'Resume test' }))
    expect(await screen.findByRole('group', { name: '1. What is 1/2 + 1/4?' })).toBeInTheDocument()
    expect(requests.seen).not.toContain('POST /api/mcq-attempts/start')
    requests.stop()
    expect(await rowsIn(mcqSittings)).toBe(1)
  })

  it('an open test of another set that shares a sub-topic is named, with a link to it, instead of a Start that would fail', async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    const open = (await startViaApi(learner.token, [course.adding.id])).body.data!
    const { user, router } = renderApp(`/mcq-test/${course.adding.id},${course.comparing.id}`)
    const card = within(await screen.findByRole('region', { name: 'Another test in progress' }))
    expect(card.getByText(/also covers Adding fractions\./)).toBeInTheDocument()
    expect(card.queryByRole('button', { name: /Start test|Resume test/ })).not.toBeInTheDocument()
    const link = card.getByRole('link', { name: 'Go to the test in progress' })
    expect(link).toHaveAttribute('href', `/mcq-test/${course.adding.id}`)

    await user.click(link)
    await user.click(await screen.findByRole('button', { name: 'Resume test' }))
    expect(await screen.findByRole('group', { name: '1. What is 1/2 + 1/4?' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/mcq-test/${course.adding.id}`)
    expect(await rowsIn(mcqSittings)).toBe(1)
    expect(open.subTopicIds).toEqual([course.adding.id])
  })

  it("'Take Full Test' leaves out sub-topics with no questions, names those out of attempts, and starts without them", async () => {
    const course = await seedCourse()
    const db = testContext().deps.db
    await db.delete(mcqs).where(eq(mcqs.subTopicId, course.placeValue.id))
    await setTestSettings(course.adminToken, course.comparing.id, { maxAttempts: 1 })
    const learner = await signInLearner(course)
    await useAttempt(learner.token, [course.comparing.id])
    const ids = [course.adding.id, course.comparing.id, course.placeValue.id]
    const { user } = renderApp(`/mcq-test/${ids.join(',')}`)

    const card = await intro()
    const leftOut = card.getByRole('alert')
    expect(leftOut).toHaveTextContent(/^Left out: no attempts left/)
    expect(leftOut).toHaveTextContent(/Comparing fractions\. The test below is on the other sub-topics\.$/)
    expect(card.getByText('Left out, no questions yet: Place value.')).toBeInTheDocument()
    const table = card.getByRole('table', { name: 'Sub-topics in this test' })
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['Adding fractions'])
    await user.click(card.getByRole('button', { name: 'Start test' }))

    expect(await screen.findByRole('group', { name: /^1\. What is 1\/2 \+ 1\/4\?/ })).toBeInTheDocument()
    expect(screen.getAllByRole('group', { name: /^\d+\./ })).toHaveLength(2)
    expect(screen.queryByText(/Failed to load MCQs/)).not.toBeInTheDocument()
    const open = await db.select({ subTopicIds: mcqSittings.subTopicIds }).from(mcqSittings).where(isNull(mcqSittings.gradedAt))
    expect(open).toEqual([{ subTopicIds: [course.adding.id] }])
  })

  it('every sub-topic out of attempts: Start is disabled with the reason, and no error view or toast', async () => {
    const course = await seedCourse()
    await setTestSettings(course.adminToken, course.adding.id, { maxAttempts: 1 })
    await setTestSettings(course.adminToken, course.comparing.id, { maxAttempts: 1 })
    const learner = await signInLearner(course)
    await useAttempt(learner.token, [course.adding.id, course.comparing.id])
    renderApp(`/mcq-test/${course.adding.id},${course.comparing.id}`)
    const card = await intro()
    const start = card.getByRole('button', { name: 'Start test' })
    expect(start).toBeDisabled()
    expect(start).toHaveAccessibleDescription(/You have no attempts left at Adding fractions, Comparing fractions\./)
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    expect(queryToast(/No attempts left/)).not.toBeInTheDocument()
  })
})
