import { and, eq } from 'drizzle-orm'
import { mcqs, subTopics, userPackages } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree } from '../test/content.ts'
import { assessmentApi, setupAssessmentFixture } from '../test/assessment-fixture.ts'

/** Sittings re-check access on every route, and a learner cannot hoard open sittings or start them without end. */
const ctx = setupTestContext()
const f = setupAssessmentFixture(ctx)
const api = assessmentApi(ctx, f)

describe('sitting access and limits', () => {
  it('once the package is unassigned, its open sitting can no longer be read, autosaved, submitted or resumed (403)', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    await ctx.deps.db.delete(userPackages).where(and(eq(userPackages.userId, f.learner.id), eq(userPackages.packageId, f.packageId)))
    const read = await api.sitting(s.sittingId)
    expect(read.status).toBe(403)
    expect(read.body.message).toBe('This package is not assigned to you')
    expect((await api.autosave(s.sittingId, { [f.multi]: ['B'] })).status).toBe(403)
    expect((await api.submit({ sittingId: s.sittingId })).status).toBe(403)
    expect((await api.start({ subTopicIds: [f.a] })).status).toBe(403)
  })

  it('what a read keeps of access is dropped at once: a sub-topic moved to a package not assigned, or the package unassigned, is a 403', async () => {
    const s = (await api.start({ subTopicIds: [f.a] })).body.data!
    // Read and saved once: the learner's packages and the sub-topic's package are now kept.
    expect((await api.autosave(s.sittingId, { [f.multi]: ['B'] })).status).toBe(200)
    expect((await api.sitting(s.sittingId)).status).toBe(200)
    const topicOf = async (id: number) =>
      (await ctx.deps.db.select({ topicId: subTopics.topicId }).from(subTopics).where(eq(subTopics.id, id)))[0]!.topicId
    const [own, foreign] = [await topicOf(f.a), await topicOf(f.foreign)]
    const moveTo = (topicId: number) => ctx.deps.db.update(subTopics).set({ topicId }).where(eq(subTopics.id, f.a))

    await moveTo(foreign)
    const read = await api.sitting(s.sittingId)
    expect(read.status).toBe(403)
    expect(read.body.message).toBe('This package is not assigned to you')
    expect((await api.autosave(s.sittingId, { [f.multi]: ['B'] })).status).toBe(403)

    await moveTo(own)
    expect((await api.sitting(s.sittingId)).status).toBe(200)
    expect((await api.autosave(s.sittingId, { [f.multi]: ['D'] })).status).toBe(200)

    await ctx.deps.db.delete(userPackages).where(and(eq(userPackages.userId, f.learner.id), eq(userPackages.packageId, f.packageId)))
    expect((await api.sitting(s.sittingId)).status).toBe(403)
    expect((await api.autosave(s.sittingId, { [f.multi]: ['B'] })).status).toBe(403)
  })

  it('at most 10 open sittings per learner: the 11th start is a 409 that says so; submitting one frees a place', async () => {
    const tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 11, label: 'Many' })
    await ctx.deps.db.insert(userPackages).values({ userId: f.learner.id, packageId: tree.packageId })
    await ctx.deps.db
      .insert(mcqs)
      .values(tree.subTopicIds.map((subTopicId) => ({ subTopicId, question: 'Q', options: '{"A":"x","B":"y"}', correctOption: 'A' })))
    const opened = []
    for (const id of tree.subTopicIds.slice(0, 10)) {
      const res = await api.start({ subTopicIds: [id] })
      expect(res.status).toBe(201)
      opened.push(res.body.data!)
    }
    const eleventh = await api.start({ subTopicIds: [tree.subTopicIds[10]!] })
    expect(eleventh.status).toBe(409)
    expect(eleventh.body.message).toBe('You have 10 tests open: submit one before starting another')
    // resuming an open one is not a new start
    expect((await api.start({ subTopicIds: [tree.subTopicIds[0]!] })).status).toBe(201)
    // another learner is not affected
    expect((await api.start({ subTopicIds: [f.a] }, f.other.token)).status).toBe(201)
    expect((await api.submit({ sittingId: opened[0]!.sittingId })).status).toBe(201)
    expect((await api.start({ subTopicIds: [tree.subTopicIds[10]!] })).status).toBe(201)
  })

  it('eleven starts at once still open at most 10 sittings', async () => {
    const tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 11, label: 'Race' })
    await ctx.deps.db.insert(userPackages).values({ userId: f.learner.id, packageId: tree.packageId })
    await ctx.deps.db
      .insert(mcqs)
      .values(tree.subTopicIds.map((subTopicId) => ({ subTopicId, question: 'Q', options: '{"A":"x","B":"y"}', correctOption: 'A' })))
    const results = await Promise.all(tree.subTopicIds.map((id) => api.start({ subTopicIds: [id] })))
    expect(results.map((r) => r.status).sort()).toEqual([...Array(10).fill(201), 409])
  })

  it('starts are rate-limited per learner: the 21st new sitting within 10 minutes is a 429', async () => {
    ctx.now = new Date('2025-06-01T10:00:00Z')
    for (let i = 0; i < 20; i++) {
      const s = await api.start({ subTopicIds: [f.b] })
      expect(s.status).toBe(201)
      expect((await api.submit({ sittingId: s.body.data!.sittingId })).status).toBe(201)
    }
    const refused = await api.start({ subTopicIds: [f.b] })
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe('Too many tests started: try again in a few minutes')
    expect((await api.start({ subTopicIds: [f.b] }, f.other.token)).status).toBe(201)
    ctx.now = new Date('2025-06-01T10:10:01Z')
    expect((await api.start({ subTopicIds: [f.b] })).status).toBe(201)
  })
})
