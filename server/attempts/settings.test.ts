import { DEFAULT_TEST_SETTINGS } from '../../contract/assessment.ts'
import { setupTestContext } from '../test/harness.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)

describe('questions per attempt and the bank', () => {
  it('more questions per attempt than the bank holds is a 400 naming the bank size, on the field; nothing is saved', async () => {
    const res = await api.settings(f.a, { drawCount: 12, maxAttempts: 3 })
    expect(res.status).toBe(400)
    const message = "Questions per attempt (12) cannot exceed the 7 questions in this sub-topic's bank."
    expect(res.body.message).toBe(message)
    expect(res.body.errorDetails).toEqual({ drawCount: message })
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ drawCount: 0, maxAttempts: 0 })
    expect((await api.settings(f.a, { drawCount: 7 })).status).toBe(200)
  })
})

describe('test settings', () => {
  it('without a row, a learner reads the defaults (today’s behaviour) with attemptsUsed 0 and attemptsLeft null', async () => {
    const res = await api.readSettings(f.a)
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      subTopicId: f.a,
      ...DEFAULT_TEST_SETTINGS,
      attemptsUsed: 0,
      attemptsGranted: 0,
      attemptsLeft: null,
      reviewLevel: 'answers',
    })
    expect(DEFAULT_TEST_SETTINGS).toMatchObject({ passMark: 60, maxAttempts: 0, reviewPolicy: 'answers', scoring: 'all_or_nothing' })
  })

  it('an admin saves some fields; the others keep their value; the learner sees them with their attempts left', async () => {
    const first = await api.settings(f.a, { maxAttempts: 3, passMark: 80 })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ maxAttempts: 3, passMark: 80, reviewPolicy: 'answers' })
    const second = await api.settings(f.a, { reviewPolicy: 'score', shuffleOptions: true })
    expect(second.body.data).toMatchObject({ maxAttempts: 3, passMark: 80, reviewPolicy: 'score', shuffleOptions: true })

    const sitting = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect((await api.submit({ sittingId: sitting.sittingId })).status).toBe(201)
    const seen = await api.readSettings(f.a)
    expect(seen.body.data).toMatchObject({ maxAttempts: 3, passMark: 80, attemptsUsed: 1, attemptsLeft: 2 })
    // the other learner's count is their own
    expect((await api.readSettings(f.a, f.other.token)).body.data).toMatchObject({ attemptsUsed: 0, attemptsLeft: 3 })
    // the other sub-topic keeps the defaults
    expect((await api.readSettings(f.b)).body.data).toMatchObject(DEFAULT_TEST_SETTINGS)
  })

  it('learners cannot change settings; unassigned learners cannot read them; unknown sub-topics are a 404', async () => {
    expect((await api.settings(f.a, { maxAttempts: 1 }, f.learner.token)).status).toBe(403)
    expect((await api.readSettings(f.a, f.outsider.token)).status).toBe(403)
    expect((await api.readSettings(f.foreign)).status).toBe(403)
    expect((await api.readSettings(99999)).status).toBe(404)
    expect((await api.settings(99999, { maxAttempts: 1 })).status).toBe(404)
    expect((await ctx.request('GET', `/api/subTopic/${f.a}/test-settings`)).status).toBe(401)
  })

  it.each([
    [{ passMark: 101 }, 'passMark'],
    [{ passMark: -1 }, 'passMark'],
    [{ maxAttempts: 1.5 }, 'maxAttempts'],
    [{ timeLimitMinutes: 'ten' }, 'timeLimitMinutes'],
    [{ drawCount: -2 }, 'drawCount'],
    [{ reviewPolicy: 'always' }, 'reviewPolicy'],
    [{ scoring: 'half' }, 'scoring'],
    [{ shuffleQuestions: 'yes' }, 'shuffleQuestions'],
  ])('%j is a 400 naming %s', async (body, field) => {
    const res = await api.settings(f.a, body as never)
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toHaveProperty([field])
  })

  it('an unknown field is a 400', async () => {
    expect((await api.settings(f.a, { passmark: 50 } as never)).status).toBe(400)
  })

  it('every setting together: 2 of 7 questions, 10 minutes, 2 attempts, shuffled, partial scoring, 50 % pass mark', async () => {
    ctx.now = new Date('2025-03-01T10:00:00Z')
    await api.settings(f.a, {
      passMark: 50,
      maxAttempts: 2,
      timeLimitMinutes: 10,
      shuffleQuestions: true,
      shuffleOptions: true,
      drawCount: 2,
      reviewPolicy: 'answers_and_explanations',
      reviewAfterLastAttemptOnly: true,
      scoring: 'partial',
    })
    const sitting = (await api.start({ subTopicIds: [f.a] })).body.data!
    expect(sitting.questions).toHaveLength(2)
    expect(sitting.deadline).toBe('2025-03-01T10:10:00.000Z')
    const first = await api.submit({ sittingId: sitting.sittingId, answers: answersFor(sitting, f, (_, i) => i === 0) })
    expect(first.body.data).toMatchObject({ score: expect.any(Number), totalMarks: 2, passed: true, reviewLevel: 'score', review: [] })
    const again = (await api.start({ subTopicIds: [f.a] })).body.data!
    const last = await api.submit({ sittingId: again.sittingId, answers: answersFor(again, f, () => false) })
    expect(last.body.data).toMatchObject({ totalMarks: 2, passed: false, reviewLevel: 'answers_and_explanations' })
    expect(last.body.data!.review.every((r) => r.explanation?.startsWith('Because'))).toBe(true)
    const refused = await api.start({ subTopicIds: [f.a] })
    expect(refused.status).toBe(409)
    expect((await api.readSettings(f.a)).body.data).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0 })
  })
})
