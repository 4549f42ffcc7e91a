import type { AutosaveResult, Sitting, StartInput, TestSettingsInput, TestSettingsView } from '../../contract/assessment.ts'
import type { AttemptDetail, AttemptResult, ListedAttempt } from '../../contract/learning.ts'
import type { PackageProgress } from '../../contract/progress.ts'
import { mcqs, userPackages } from '../db/schema.ts'
import type { TestContext } from './harness.ts'
import { insertTree } from './content.ts'

/**
 * The data the assessment tests share: an admin, two assigned learners and an outsider; sub-topic `a` with 6
 * single-answer questions (key 'A') and one multi-answer question (key 'B,D'), `b` with 3 (key 'C'), and a
 * sub-topic in a package nobody is assigned.
 */
export interface Fixture {
  admin: { token: string; id: number }
  learner: { token: string; id: number }
  other: { token: string; id: number }
  outsider: { token: string; id: number }
  /** The package of `a` and `b`. */
  packageId: number
  a: number
  b: number
  foreign: number
  /** Question ids by sub-topic, in id order; `multi` is the last of `a`. */
  questions: Record<number, number[]>
  multi: number
  keys: Map<number, string>
}

export function setupAssessmentFixture(ctx: TestContext): Fixture {
  const f = { questions: {}, keys: new Map() } as Fixture
  beforeEach(async () => {
    const make = async (role: 'admin' | 'USER') => {
      const u = await ctx.createUser({ role })
      return { token: u.token, id: u.user.id }
    }
    f.admin = await make('admin')
    f.learner = await make('USER')
    f.other = await make('USER')
    f.outsider = await make('USER')
    const tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 2, label: 'T' })
    const foreignTree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'F' })
    ;[f.a, f.b] = tree.subTopicIds as [number, number]
    f.packageId = tree.packageId
    f.foreign = foreignTree.subTopicIds[0]!
    f.keys = new Map()
    const add = async (subTopicId: number, n: number, correctOption: string, options: Record<string, string>) => {
      const rows = await ctx.deps.db
        .insert(mcqs)
        .values(
          Array.from({ length: n }, (_, i) => ({
            subTopicId,
            question: `Question ${subTopicId}.${i}`,
            options: JSON.stringify(options),
            correctOption,
            explanation: `Because ${subTopicId}.${i}`,
          })),
        )
        .returning({ id: mcqs.id })
      for (const r of rows) f.keys.set(r.id, correctOption)
      return rows.map((r) => r.id)
    }
    const singles = await add(f.a, 6, 'A', { A: 'right', B: 'wrong', C: 'na', D: 'wrong too' })
    const [multi] = await add(f.a, 1, 'B,D', { A: 'one', B: 'two', C: 'three', D: 'four' })
    f.multi = multi!
    f.questions = { [f.a]: [...singles, f.multi], [f.b]: await add(f.b, 3, 'C', { A: 'x', B: 'y', C: 'z' }) }
    f.questions[f.foreign] = await add(f.foreign, 1, 'A', { A: 'x', B: 'y' })
    await ctx.deps.db.insert(userPackages).values([
      { userId: f.learner.id, packageId: tree.packageId },
      { userId: f.other.id, packageId: tree.packageId },
    ])
  })
  return f
}

/** Request helpers over the context; the learner's token unless another is given. */
export function assessmentApi(ctx: TestContext, f: Fixture) {
  const as = (token?: string) => token ?? f.learner.token
  return {
    settings: (subTopicId: number, body: TestSettingsInput, token = f.admin.token) =>
      ctx.request<TestSettingsView>('PUT', `/api/subTopic/${subTopicId}/test-settings`, { token, body }),
    readSettings: (subTopicId: number, token?: string) =>
      ctx.request<TestSettingsView>('GET', `/api/subTopic/${subTopicId}/test-settings`, { token: as(token) }),
    start: (body: StartInput, token?: string) => ctx.request<Sitting>('POST', '/api/mcq-attempts/start', { token: as(token), body }),
    sitting: (id: string, token?: string) => ctx.request<Sitting>('GET', `/api/mcq-attempts/sittings/${id}`, { token: as(token) }),
    autosave: (id: string, answers: Record<string, string[]>, token?: string) =>
      ctx.request<AutosaveResult>('PUT', `/api/mcq-attempts/sittings/${id}/answers`, { token: as(token), body: { answers } }),
    submit: (body: Record<string, unknown>, token?: string) =>
      ctx.request<AttemptResult>('POST', '/api/mcq-attempts/create', { token: as(token), body }),
    attempt: (id: number, token?: string) => ctx.request<AttemptDetail>('GET', `/api/mcq-attempts/getById?id=${id}`, { token: as(token) }),
    list: (path: string, token?: string) => ctx.request<ListedAttempt[]>('GET', path, { token: as(token) }),
    /** The learner's progress in a sub-topic of the fixture's package. */
    progressOf: async (subTopicId: number, token?: string) => {
      const res = await ctx.request<PackageProgress>('GET', `/api/progress/packages/${f.packageId}`, { token: as(token) })
      expect(res.status).toBe(200)
      return res.body.data!.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics)).find((s) => s.id === subTopicId)!
    },
  }
}

/** Answers every question of a sitting with its key (right) or with 'B' (wrong for the singles). */
export function answersFor(sitting: Sitting, f: Fixture, right: (mcqId: number, index: number) => boolean) {
  return Object.fromEntries(
    sitting.questions.map((q, i) => [String(q.id), right(q.id, i) ? f.keys.get(q.id)!.split(',') : ['B']]),
  ) as Record<string, string[]>
}
