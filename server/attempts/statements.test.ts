import { setupTestContext } from '../test/harness.ts'
import { answersFor, assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

/**
 * SQL statements per request of a learner's test, transaction control included: each one is a round trip to the
 * database, and a class of learners sends these all the time. Lower the budgets as the statements come down.
 */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)

async function counted<T>(request: () => Promise<T>): Promise<[T, number]> {
  ctx.queries.count = 0
  const result = await request()
  return [result, ctx.queries.count]
}

describe('statements per request of a test', () => {
  it('start, resume, autosave, read and submit a two-sub-topic test, limited and timed, within their budgets', async () => {
    await api.settings(f.a, { maxAttempts: 3, timeLimitMinutes: 10, reviewPolicy: 'answers_and_explanations' })
    // The session is read once and then served from the session cache: warm it first.
    await api.readSettings(f.a)
    const [started, start] = await counted(() => api.start({ subTopicIds: [f.a, f.b] }))
    expect(started.status).toBe(201)
    const sitting = started.body.data!
    const [resumed, resume] = await counted(() => api.start({ subTopicIds: [f.a, f.b] }))
    expect(resumed.body.data!.sittingId).toBe(sitting.sittingId)
    const answers = answersFor(sitting, f, (_, i) => i % 2 === 0)
    // The first autosave also reads what is then kept: the sitting's frame, the learner's packages and the
    // sub-topics' packages. The next is its write alone.
    const [first, firstAutosave] = await counted(() => api.autosave(sitting.sittingId, answers))
    expect(first.status).toBe(200)
    const [saved, autosave] = await counted(() => api.autosave(sitting.sittingId, answers))
    expect(saved.status).toBe(200)
    const [read, reading] = await counted(() => api.sitting(sitting.sittingId))
    expect(read.body.data!.answers).toEqual(answers)
    const [submitted, submit] = await counted(() =>
      api.submit({ sittingId: sitting.sittingId, answers, submissionId: crypto.randomUUID() }),
    )
    expect(submitted.status).toBe(201)
    // PostgreSQL counts a transaction's begin and commit; PGlite runs them outside the statements counted.
    const tx = ctx.database.kind === 'postgres' ? 2 : 0
    // read: the sitting, its questions (the grading of expired sittings before it reads nothing: the sitting has no
    // deadline, b is untimed, and the earliest deadline of open sittings is kept)
    expect({ start, resume, firstAutosave, autosave, read: reading, submit }).toEqual({
      start: 5 + tx,
      resume: 4 + tx,
      firstAutosave: 4,
      autosave: 1,
      read: 2,
      submit: 7 + tx,
    })
  })

  it('a passed test: its package is checked for completion within the budget', async () => {
    // a and b's package is assigned and not complete: a pass in a reads the open assignment, then the package's
    // contents and the learner's records for its roll-up (b is not passed yet, so nothing completes).
    await api.readSettings(f.a)
    const sitting = (await api.start({ subTopicIds: [f.a] })).body.data!
    const answers = answersFor(sitting, f, () => true)
    const [submitted, submit] = await counted(() =>
      api.submit({ sittingId: sitting.sittingId, answers, submissionId: crypto.randomUUID() }),
    )
    expect(submitted.status).toBe(201)
    expect(submitted.body.data!.passed).toBe(true)
    const tx = ctx.database.kind === 'postgres' ? 2 : 0
    expect(submit).toBe(15 + tx)
  })

  it('answers a submission just graded exactly as the same submission read back', async () => {
    await api.settings(f.a, { maxAttempts: 2, reviewPolicy: 'answers_and_explanations', reviewAfterLastAttemptOnly: true })
    await api.settings(f.b, { reviewPolicy: 'answers_and_explanations', scoring: 'partial' })
    for (const attempt of [1, 2]) {
      const sitting = (await api.start({ subTopicIds: [f.b, f.a] })).body.data!
      const answers = answersFor(sitting, f, (_, i) => i % 3 !== 0)
      const first = await api.submit({ sittingId: sitting.sittingId, answers })
      const again = await api.submit({ sittingId: sitting.sittingId, answers })
      expect([first.status, again.status]).toEqual([201, 201])
      expect(first.body.data).toEqual(again.body.data)
      // a's review opens with its last attempt: the strictest of the two sub-topics is the score, then the answers
      expect(first.body.data!.reviewLevel).toBe(attempt === 1 ? 'score' : 'answers_and_explanations')
    }
  })
})
