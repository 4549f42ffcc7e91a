import { setupTestContext } from '../test/harness.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

/** Practice must not reveal what the review policy hides: which questions were wrong, or the key. */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)

async function takeTest(right: number) {
  const s = (await api.start({ subTopicIds: [f.a] })).body.data!
  expect((await api.submit({ sittingId: s.sittingId, answers: answersFor(s, f, (_, i) => i < right) })).status).toBe(201)
}

describe('practise my mistakes under the review policy', () => {
  it.each([['score'], ['never']] as const)('under %s it is refused with a 403 that says why, and lists nothing', async (reviewPolicy) => {
    await api.settings(f.a, { reviewPolicy, maxAttempts: 3 })
    await takeTest(2)
    const res = await api.start({ subTopicIds: [f.a], mode: 'mistakes' })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Practising your mistakes opens once the answers of "T sub-topic 0.0" may be seen')
    expect(res.body.data).toBeUndefined()
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ reviewLevel: reviewPolicy })
  })

  it('while the answers are held back for the last attempt it is refused; once no attempts are left it is offered', async () => {
    await api.settings(f.a, { reviewPolicy: 'answers', reviewAfterLastAttemptOnly: true, maxAttempts: 2 })
    await takeTest(2)
    expect((await api.start({ subTopicIds: [f.a], mode: 'mistakes' })).status).toBe(403)
    await takeTest(3)
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ reviewLevel: 'answers', attemptsLeft: 0 })
    expect((await api.start({ subTopicIds: [f.a], mode: 'mistakes' })).status).toBe(201)
  })

  it('a practice result and its listed attempt never show more than the policy allows now', async () => {
    await takeTest(2)
    const practice = (await api.start({ subTopicIds: [f.a], mode: 'mistakes' })).body.data!
    // the policy tightens while the practice is open: the result keeps the score and the key to itself
    await api.settings(f.a, { reviewPolicy: 'score' })
    const res = await api.submit({ sittingId: practice.sittingId, answers: answersFor(practice, f, (_, i) => i === 0) })
    expect(res.status).toBe(201)
    expect(res.body.data).toMatchObject({ practice: true, reviewLevel: 'never', review: [] })
    expect(res.body.data).not.toHaveProperty('score')
    expect(res.body.data!.attempts[0]).not.toHaveProperty('score')
    const detail = await api.attempt(res.body.data!.attempts[0]!.id)
    expect(detail.body.data).toMatchObject({ reviewLevel: 'never', review: [] })
    expect(detail.body.data).not.toHaveProperty('score')
  })
})
