import { eq } from 'drizzle-orm'
import { mcqs, packages, skills, storedFiles, studyMaterials, subTopics, testSettings, topics, userPackages, videos } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'

/** Migration 0008: every write under a package moves its content_version on, whoever writes it. */
const ctx = setupTestContext()
let tree: BuiltTree
let other: BuiltTree

const version = async (id = tree.packageId) =>
  (await ctx.deps.db.select({ v: packages.contentVersion }).from(packages).where(eq(packages.id, id)))[0]!.v

/** Runs a write and answers by how much the package's version moved (and checks the other package did not move). */
async function bumpOf(write: () => Promise<unknown>): Promise<number> {
  const before = await version()
  const otherBefore = await version(other.packageId)
  await write()
  expect(await version(other.packageId)).toBe(otherBefore)
  return (await version()) - before
}

async function file(key: string) {
  await ctx.deps.db.insert(storedFiles).values({ key, contentType: 'video/mp4', size: 1, originalName: `${key}.mp4` })
}

beforeEach(async () => {
  tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 2, label: 'A' })
  other = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'B' })
  await file('v1')
  await file('t1')
})

describe('packages.content_version', () => {
  it('moves on with every write to the package row itself', async () => {
    expect(
      await bumpOf(() => ctx.deps.db.update(packages).set({ title: 'Renamed' }).where(eq(packages.id, tree.packageId))),
    ).toBeGreaterThan(0)
  })

  it('moves on with every write to skills, topics and sub-topics', async () => {
    const { db } = ctx.deps
    expect(
      await bumpOf(() => db.insert(skills).values({ packageId: tree.packageId, title: 'S', description: 'd', price: '1.00' })),
    ).toBeGreaterThan(0)
    expect(await bumpOf(() => db.update(skills).set({ title: 'S2' }).where(eq(skills.id, tree.skillIds[0]!)))).toBeGreaterThan(0)
    expect(await bumpOf(() => db.insert(topics).values({ skillId: tree.skillIds[0]!, title: 'T', description: 'd' }))).toBeGreaterThan(0)
    expect(await bumpOf(() => db.update(topics).set({ title: 'T2' }).where(eq(topics.id, tree.topicIds[0]!)))).toBeGreaterThan(0)
    expect(await bumpOf(() => db.update(subTopics).set({ title: 'U2' }).where(eq(subTopics.id, tree.subTopicIds[0]!)))).toBeGreaterThan(0)
    expect(await bumpOf(() => db.delete(subTopics).where(eq(subTopics.id, tree.subTopicIds[1]!)))).toBeGreaterThan(0)
    expect(await bumpOf(() => db.delete(topics).where(eq(topics.id, tree.topicIds[0]!)))).toBeGreaterThan(0)
  })

  it('moves on with videos, study materials, questions and test settings, and with a counted view (trees show view counts)', async () => {
    const { db } = ctx.deps
    const subTopicId = tree.subTopicIds[0]!
    const [video] = await db.insert(videos).values({ subTopicId, title: 'V', fileKey: 'v1', thumbnailKey: 't1' }).returning()
    expect(await bumpOf(() => db.update(videos).set({ title: 'V2' }).where(eq(videos.id, video!.id)))).toBeGreaterThan(0)
    expect(await bumpOf(() => db.update(videos).set({ noOfViews: 5 }).where(eq(videos.id, video!.id)))).toBeGreaterThan(0)
    expect(await bumpOf(() => db.delete(videos).where(eq(videos.id, video!.id)))).toBeGreaterThan(0)
    expect(
      await bumpOf(() => db.insert(studyMaterials).values({ subTopicId, name: 'notes', fileKey: 'v1', version: 1, isLatest: true })),
    ).toBeGreaterThan(0)
    expect(
      await bumpOf(() =>
        db
          .insert(mcqs)
          .values(
            Array.from({ length: 50 }, (_, i) => ({ subTopicId, question: `Q${i}`, options: '{"A":"a","B":"b"}', correctOption: 'A' })),
          ),
      ),
    ).toBe(1)
    expect(await bumpOf(() => db.insert(testSettings).values({ subTopicId, passMark: 70 }))).toBeGreaterThan(0)
    expect(
      await bumpOf(() => db.update(testSettings).set({ passMark: 80 }).where(eq(testSettings.subTopicId, subTopicId))),
    ).toBeGreaterThan(0)
  })

  it('moves on when a learner is assigned the package or loses it', async () => {
    const { user } = await ctx.createUser()
    expect(await bumpOf(() => ctx.deps.db.insert(userPackages).values({ userId: user.id, packageId: tree.packageId }))).toBeGreaterThan(0)
    expect(await bumpOf(() => ctx.deps.db.delete(userPackages).where(eq(userPackages.userId, user.id)))).toBeGreaterThan(0)
  })

  it("stays when an assignment's settings or completion change: nothing of the package's content moved", async () => {
    const { user } = await ctx.createUser()
    await ctx.deps.db.insert(userPackages).values({ userId: user.id, packageId: tree.packageId })
    const assignment = eq(userPackages.userId, user.id)
    expect(await bumpOf(() => ctx.deps.db.update(userPackages).set({ completedAt: new Date() }).where(assignment))).toBe(0)
    expect(await bumpOf(() => ctx.deps.db.update(userPackages).set({ dueDays: 3 }).where(assignment))).toBe(0)
  })

  it('moves on in the writing transaction: a rolled-back write leaves it as it was', async () => {
    const before = await version()
    await expect(
      ctx.deps.db.transaction(async (tx) => {
        await tx.update(topics).set({ title: 'X' }).where(eq(topics.id, tree.topicIds[0]!))
        throw new Error('rollback')
      }),
    ).rejects.toThrow('rollback')
    expect(await version()).toBe(before)
  })

  it('survives deleting a package with everything under it', async () => {
    await ctx.deps.db.delete(packages).where(eq(packages.id, tree.packageId))
    expect(await ctx.deps.db.select().from(packages).where(eq(packages.id, tree.packageId))).toEqual([])
  })
})
