import { mcqAttempts } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'
import { questionPoints } from './grading.ts'

const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)

describe('partial scoring: (correct picks − wrong picks) / correct options, floored at 0', () => {
  it.each([
    [['B', 'D'], 1],
    [['B'], 0.5],
    [['D', 'B', 'A'], 0.5],
    [['B', 'C'], 0],
    [['A', 'C'], 0],
    [['A', 'B', 'C', 'D'], 0],
    [[], 0],
  ])('a B,D question answered %j scores %d', (chosen, points) => {
    expect(questionPoints(chosen, 'B,D', 'partial')).toBe(points)
  })

  it('all or nothing gives a multi-answer question 0 unless the set is exact', () => {
    expect(questionPoints(['B'], 'B,D', 'all_or_nothing')).toBe(0)
    expect(questionPoints(['d', 'b'], 'B,D', 'all_or_nothing')).toBe(1)
  })

  it('a graded attempt stores the fractional score and whether it passed against the pass mark', async () => {
    await api.settings(f.a, { scoring: 'partial', passMark: 50 })
    const [first, second, third] = f.questions[f.a]!
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    // 3 singles right, the multi half right: 3.5 of 7 = 50 %
    const res = await api.submit({
      sittingId: s.sittingId,
      answers: { [first!]: ['A'], [second!]: ['A'], [third!]: ['A'], [f.multi]: ['B'] },
    })
    expect(res.body.data).toMatchObject({ score: 3.5, totalMarks: 7, passed: true })
    expect(res.body.data!.attempts[0]).toMatchObject({ score: 3.5, passMark: 50, passed: true })
    const [row] = await ctx.deps.db.select().from(mcqAttempts)
    expect(row).toMatchObject({ score: 3.5, passed: true, passMark: 50 })
    // the per-question verdict stays exact: a half-right question is not 'correct'
    const multi = res.body.data!.review.find((r) => r.mcqId === f.multi)!
    expect(multi.correct).toBe(false)
  })

  it('passed is recorded on every attempt: score × 100 ≥ pass mark × total', async () => {
    await api.settings(f.b, { passMark: 67 })
    const [x, y] = f.questions[f.b]!
    // 2 of 3 is 66.7 %: not passed at 67
    const low = await api.submit({ subTopicIds: [f.b], answers: { [x!]: ['C'], [y!]: ['C'] } })
    expect(low.body.data).toMatchObject({ score: 2, passed: false })
    await api.settings(f.b, { passMark: 66 })
    const ok = await api.submit({ subTopicIds: [f.b], answers: { [x!]: ['C'], [y!]: ['C'] } })
    expect(ok.body.data).toMatchObject({ score: 2, passed: true })
    await api.settings(f.b, { passMark: 0 })
    expect((await api.submit({ subTopicIds: [f.b], answers: {} })).body.data).toMatchObject({ score: 0, passed: true })
  })
})

describe('progress counts the recorded verdict', () => {
  const subTopicProgress = (id: number) => api.progressOf(id)

  it('a sub-topic is complete when an attempt passed its own pass mark, not at a fixed 60 %', async () => {
    const [x, y] = f.questions[f.b]!
    await api.settings(f.b, { passMark: 100 })
    await api.submit({ subTopicIds: [f.b], answers: { [x!]: ['C'], [y!]: ['C'] } })
    expect(await subTopicProgress(f.b)).toMatchObject({ passed: false, completed: false })
    await api.settings(f.b, { passMark: 30 })
    // a stored attempt keeps its verdict: lowering the pass mark does not pass it after the fact
    expect(await subTopicProgress(f.b)).toMatchObject({ passed: false })
    await api.submit({ subTopicIds: [f.b], answers: { [x!]: ['C'] } })
    expect(await subTopicProgress(f.b)).toMatchObject({ passed: true, completed: true })
  })
})
