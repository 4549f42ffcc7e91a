import type { AttemptReview } from '../../contract/attempt-review.ts'
import { setupTestContext } from '../test/harness.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)
const review = (id: number, token = f.learner.token) => ctx.request<AttemptReview>('GET', `/api/mcq-attempts/${id}/review`, { token })

/** One graded attempt at `b` (3 questions, the first answered right), taken by the fixture's learner. */
async function takeB() {
  const sitting = (await api.start({ subTopicIds: [f.b] })).body.data!
  const result = await api.submit({ sittingId: sitting.sittingId, answers: answersFor(sitting, f, (_, i) => i === 0) })
  return { sitting, attemptId: result.body.data!.attempts[0]!.id }
}

describe('GET /mcq-attempts/{id}/review', () => {
  it("'answers': the questions as shown, the choices and the keys, no explanations", async () => {
    await api.settings(f.b, { reviewPolicy: 'answers', shuffleOptions: true })
    const { sitting, attemptId } = await takeB()
    const res = await review(attemptId)
    expect(res.status).toBe(200)
    const data = res.body.data!
    expect(data.attempt).toMatchObject({ id: attemptId, subTopicId: f.b, score: 1, totalMarks: 3, reviewLevel: 'answers' })
    expect(data.questions.map((q) => q.id)).toEqual(sitting.questions.map((q) => q.id))
    expect(data.questions.map((q) => q.options)).toEqual(sitting.questions.map((q) => q.options))
    expect(data.questions[0]!.review).toEqual({ mcqId: sitting.questions[0]!.id, chosen: ['C'], correct: true, correctOption: 'C' })
    expect(data.questions[1]!.review).toMatchObject({ chosen: ['B'], correct: false, correctOption: 'C' })
    expect(JSON.stringify(data)).not.toMatch(/explanation|Because/)
  })

  it("'answers_and_explanations' adds the explanations", async () => {
    await api.settings(f.b, { reviewPolicy: 'answers_and_explanations' })
    const { attemptId } = await takeB()
    const data = (await review(attemptId)).body.data!
    expect(data.questions[0]!.review.explanation).toMatch(/^Because /)
  })

  it("'score' and keys held back until the last attempt: the score only, no question and no key reaches the learner", async () => {
    await api.settings(f.b, { reviewPolicy: 'answers', reviewAfterLastAttemptOnly: true, maxAttempts: 2 })
    const { attemptId } = await takeB()
    const held = (await review(attemptId)).body.data!
    expect(held.attempt).toMatchObject({ score: 1, reviewLevel: 'score' })
    expect(held.questions).toEqual([])
    expect(JSON.stringify(held)).not.toMatch(/correctOption|Question /)

    await api.settings(f.b, { reviewPolicy: 'score', reviewAfterLastAttemptOnly: false })
    expect((await review(attemptId)).body.data!.questions).toEqual([])
  })

  it("'never': neither the score nor the questions", async () => {
    await api.settings(f.b, { reviewPolicy: 'never' })
    const { attemptId } = await takeB()
    const data = (await review(attemptId)).body.data!
    expect(data.attempt).not.toHaveProperty('score')
    expect(data.attempt).not.toHaveProperty('passed')
    expect(data.questions).toEqual([])
  })

  it("another learner's attempt is 403, an unknown one 404, a malformed id 400; an admin sees everything", async () => {
    await api.settings(f.b, { reviewPolicy: 'never' })
    const { attemptId } = await takeB()
    expect((await review(attemptId, f.other.token)).status).toBe(403)
    expect((await review(999999)).status).toBe(404)
    expect((await review(Number.NaN)).status).toBe(400)
    const admin = (await review(attemptId, f.admin.token)).body.data!
    expect(admin.attempt.score).toBe(1)
    expect(admin.questions[0]!.review).toMatchObject({ correctOption: 'C', explanation: expect.stringMatching(/^Because /) })
  })
})
