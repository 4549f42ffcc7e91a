import { REVIEW_POLICIES, type ReviewPolicy } from '../../contract/assessment.ts'
import { setupTestContext } from '../test/harness.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

/**
 * What a learner sees of a graded attempt follows the sub-topic's review policy on every learner-facing route that
 * returns attempts or results: the create answer, getById, the three lists, the sitting and package progress.
 */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)

/** Takes a test of sub-topic `a` (first question right, the rest wrong) and reads every route a learner has. */
async function takeAndReadAll(token = f.learner.token) {
  const sitting = (await api.start({ subTopicIds: [f.a] }, token)).body.data!
  const created = await api.submit({ sittingId: sitting.sittingId, answers: answersFor(sitting, f, (_, i) => i === 0) }, token)
  expect(created.status).toBe(201)
  const attemptId = created.body.data!.attempts[0]!.id
  const detail = await api.attempt(attemptId, token)
  const lists = await Promise.all(
    [
      `/api/mcq-attempts/byUser?userId=${token === f.learner.token ? f.learner.id : f.other.id}`,
      `/api/mcq-attempts/bySubTopic?subTopicId=${f.a}`,
      `/api/mcq-attempts/byMultipleSubTopicIds?ids=${f.a},${f.b}`,
    ].map((path) => api.list(path, token)),
  )
  const readSitting = await api.sitting(sitting.sittingId, token)
  const progress = await api.progressOf(f.a, token)
  for (const res of [detail, ...lists, readSitting]) expect(res.status).toBe(200)
  return { created, detail, lists, readSitting, progress, attemptId }
}

const text = (body: unknown) => JSON.stringify(body)
const NO_KEY = /correctOption|"explanation"|Because/

describe('every review policy over every learner route', () => {
  it.each(REVIEW_POLICIES)('%s', async (policy: ReviewPolicy) => {
    await api.settings(f.a, { reviewPolicy: policy })
    const { created, detail, lists, readSitting, progress } = await takeAndReadAll()
    const result = created.body.data!
    expect(result.reviewLevel).toBe(policy)
    expect(detail.body.data!.reviewLevel).toBe(policy)

    // the lists and the sitting never carry a key or an explanation, whatever the policy
    for (const res of [...lists, readSitting]) expect(text(res.body)).not.toMatch(NO_KEY)
    for (const res of lists) for (const a of res.body.data!) expect(a.reviewLevel).toBe(policy)

    const { bestScore } = progress
    if (policy === 'never') {
      for (const res of [created, detail, ...lists]) {
        expect(text(res.body)).not.toMatch(/"score"|"passed"/)
        expect(text(res.body)).not.toMatch(NO_KEY)
      }
      expect(result.review).toEqual([])
      expect(bestScore).toBeNull()
      return
    }
    expect(bestScore).not.toBeNull()
    for (const res of [created, detail]) expect(res.body.data).toMatchObject({ score: 1, passed: false })
    for (const res of lists) for (const a of res.body.data!) expect(a).toMatchObject({ score: 1, passed: false })
    if (policy === 'score') {
      for (const res of [created, detail]) {
        expect(res.body.data!.review).toEqual([])
        expect(text(res.body)).not.toMatch(NO_KEY)
      }
      return
    }
    for (const res of [created, detail]) {
      const review = res.body.data!.review
      expect(review).toHaveLength(7)
      expect(review.map((r) => r.correctOption)).toEqual(review.map((r) => f.keys.get(r.mcqId)))
      if (policy === 'answers') expect(text(res.body)).not.toMatch(/"explanation"|Because/)
      else for (const r of review) expect(r.explanation).toMatch(/^Because /)
    }
  })

  it('keys only after the last attempt (reviewAfterLastAttemptOnly): none after the first of two, all after the second', async () => {
    await api.settings(f.a, { reviewPolicy: 'answers_and_explanations', reviewAfterLastAttemptOnly: true, maxAttempts: 2 })
    const first = await takeAndReadAll()
    expect(first.created.body.data).toMatchObject({ reviewLevel: 'score', review: [], score: 1 })
    for (const res of [first.created, first.detail, ...first.lists]) expect(text(res.body)).not.toMatch(NO_KEY)

    const second = await takeAndReadAll()
    expect(second.created.body.data!.reviewLevel).toBe('answers_and_explanations')
    expect(second.created.body.data!.review.every((r) => r.correctOption && r.explanation)).toBe(true)
    // the first attempt's keys are now shown too
    const earlier = await api.attempt(first.attemptId)
    expect(earlier.body.data!.review).toHaveLength(7)
    expect(earlier.body.data!.review[0]!.correctOption).toBeDefined()
    // the other learner, with attempts left, still sees none
    const theirs = await takeAndReadAll(f.other.token)
    expect(text(theirs.detail.body)).not.toMatch(NO_KEY)
  })

  it('with unlimited attempts and reviewAfterLastAttemptOnly, keys never appear', async () => {
    await api.settings(f.a, { reviewAfterLastAttemptOnly: true })
    const { created, detail } = await takeAndReadAll()
    expect(text(created.body)).not.toMatch(NO_KEY)
    expect(text(detail.body)).not.toMatch(NO_KEY)
  })

  it('a test over several sub-topics is shown as the strictest of their policies', async () => {
    await api.settings(f.a, { reviewPolicy: 'answers_and_explanations' })
    await api.settings(f.b, { reviewPolicy: 'score' })
    const sitting = (await api.start({ subTopicIds: [f.a, f.b] })).body.data!
    const res = await api.submit({ sittingId: sitting.sittingId })
    expect(res.body.data).toMatchObject({ reviewLevel: 'score', review: [], score: 0, totalMarks: 10 })
    expect(text(res.body)).not.toMatch(NO_KEY)
  })

  it('admins see score, keys and explanations of a learner’s attempt whatever the policy', async () => {
    await api.settings(f.a, { reviewPolicy: 'never' })
    const { attemptId } = await takeAndReadAll()
    const asAdmin = await api.attempt(attemptId, f.admin.token)
    expect(asAdmin.body.data).toMatchObject({ score: 1, passed: false, reviewLevel: 'answers_and_explanations' })
    expect(asAdmin.body.data!.review.every((r) => r.correctOption && r.explanation)).toBe(true)
  })
})
