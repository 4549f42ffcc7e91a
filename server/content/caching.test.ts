import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import type { Package, Video } from '../../contract/content.ts'
import { packages, userPackages, users } from '../db/schema.ts'
import { createTestContext, setupTestContext, type TestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'
import { mp4, upload, videoParts } from '../test/media.ts'

/** ETags and 304s on repeated reads, the tree cache, and compression of JSON answers. */
const ctx = setupTestContext()
let admin: string
let learner: { id: number; token: string }
let stranger: string
let tree: BuiltTree

beforeEach(async () => {
  ctx.now = new Date()
  admin = (await ctx.createUser({ role: 'admin' })).token
  const created = await ctx.createUser()
  learner = { id: created.user.id, token: created.token }
  stranger = (await ctx.createUser()).token
  // 10 × 3 × 3: a tree well over 1 KiB of JSON
  tree = await insertTree(ctx.deps.db, { skills: 10, topics: 3, subTopics: 3 })
  await ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: tree.packageId })
})

/** As ctx.request, with the raw Response: waits for the cache invalidations of earlier commits first. */
const call = async (path: string, token: string, headers: Record<string, string> = {}, on: TestContext = ctx) => {
  await on.database.changes.settled()
  return on.app.request(path, { headers: { authorization: `Bearer ${token}`, ...headers } })
}
const treePath = () => `/api/packages/${tree.packageId}`
const json = async (res: Response) => JSON.parse(await res.text())

function decode(res: Response, bytes: Buffer): string {
  const encoding = res.headers.get('content-encoding')
  if (encoding === 'br') return brotliDecompressSync(bytes).toString()
  if (encoding === 'gzip') return gunzipSync(bytes).toString()
  return bytes.toString()
}

async function renameFirstTopic(title: string, on: TestContext = ctx, token = admin) {
  const res = await on.request('PUT', `/api/topic/${tree.topicIds[0]}`, { token, body: { title } })
  expect(res.status).toBe(200)
}

describe('the package tree: ETag and 304', () => {
  it('answers 200 with a weak ETag and private, no-cache; the same tag in If-None-Match gets 304 without a body', async () => {
    const first = await call(treePath(), learner.token)
    expect(first.status).toBe(200)
    const tag = first.headers.get('etag')!
    expect(tag).toMatch(/^W\/".+"$/)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    expect((await json(first)).data.skills).toHaveLength(10)

    const again = await call(treePath(), learner.token, { 'if-none-match': tag })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(tag)
    expect(await again.text()).toBe('')
  })

  it('answers a repeated 304 from memory: no query at all', async () => {
    const tag = (await call(treePath(), learner.token)).headers.get('etag')!
    ctx.queries.count = 0
    expect((await call(treePath(), learner.token, { 'if-none-match': tag })).status).toBe(304)
    expect(ctx.queries.count).toBe(0)
  })

  it('waits for the change feed once per read, whatever caches the read consults', async () => {
    const tag = (await call(treePath(), learner.token)).headers.get('etag')!
    await ctx.database.changes.settled()
    const settled = vi.spyOn(ctx.database.changes, 'settled')
    try {
      const res = await ctx.app.request(treePath(), { headers: { authorization: `Bearer ${learner.token}`, 'if-none-match': tag } })
      expect(res.status).toBe(304)
      expect(settled).toHaveBeenCalledTimes(1)
    } finally {
      settled.mockRestore()
    }
  })

  it('answers the new tree with a new tag after a write under the package', async () => {
    const tag = (await call(treePath(), learner.token)).headers.get('etag')!
    await renameFirstTopic('Renamed topic')
    const after = await call(treePath(), learner.token, { 'if-none-match': tag })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(tag)
    expect((await json(after)).data.skills[0].topics[0].title).toBe('Renamed topic')
  })

  it("keeps the tag when a learner's assignment is completed or its due date moves: the tree did not change", async () => {
    const tag = (await call(treePath(), learner.token)).headers.get('etag')!
    await ctx.deps.db.update(userPackages).set({ completedAt: ctx.now, dueDays: 5 }).where(eq(userPackages.userId, learner.id))
    expect((await call(treePath(), learner.token, { 'if-none-match': tag })).status).toBe(304)
  })

  it('changes the tag when the signed media URLs change (their expiry window moves on)', async () => {
    const tag = (await call(treePath(), learner.token)).headers.get('etag')!
    ctx.now = new Date(ctx.now.getTime() + 10 * 60_000)
    const later = await call(treePath(), learner.token, { 'if-none-match': tag })
    expect(later.status).toBe(200)
    expect(later.headers.get('etag')).not.toBe(tag)
  })

  it('still checks access: a learner without the package gets 403 even with a current tag, an unknown id 404', async () => {
    const tag = (await call(treePath(), admin)).headers.get('etag')!
    const refused = await call(treePath(), stranger, { 'if-none-match': tag })
    expect(refused.status).toBe(403)
    expect((await json(refused)).message).toBe('This package is not assigned to you')
    expect((await call('/api/packages/999999', admin, { 'if-none-match': '*' })).status).toBe(404)
  })

  it('serves the second 200 from the cache: the same bytes, no query at all', async () => {
    const first = await (await call(treePath(), learner.token)).text()
    await call('/api/user/getUserByEmail', admin) // the admin's session, kept
    ctx.queries.count = 0
    const second = await call(treePath(), admin)
    expect(await second.text()).toBe(first)
    expect(ctx.queries.count).toBe(0)
  })

  it('shows a write made through another instance at the next read (the version is read every time)', async () => {
    const other = await createTestContext()
    try {
      await call(treePath(), learner.token) // cached here
      const otherAdmin = (await other.createUser({ role: 'admin' })).token
      await renameFirstTopic('Written on B', other, otherAdmin)
      const res = await call(treePath(), learner.token)
      expect((await json(res)).data.skills[0].topics[0].title).toBe('Written on B')
    } finally {
      await other.close()
    }
  })
})

describe('other repeated reads: ETag and 304', () => {
  async function revalidates(path: string, token: string, write: () => Promise<unknown>) {
    const first = await call(path, token)
    expect(first.status).toBe(200)
    const tag = first.headers.get('etag')
    expect(tag).toMatch(/^W\/".+"$/)
    expect((await call(path, token, { 'if-none-match': tag! })).status).toBe(304)
    await write()
    const after = await call(path, token, { 'if-none-match': tag! })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(tag)
  }

  it("a skill's topics, a topic and a sub-topic's media lists", async () => {
    await revalidates(`/api/skills/skills/${tree.skillIds[0]}/topics`, learner.token, () => renameFirstTopic('One'))
    await revalidates(`/api/topic/by-skill/${tree.skillIds[0]}`, learner.token, () => renameFirstTopic('Two'))
    await revalidates(`/api/topic/getTopicWithDetails?topicId=${tree.topicIds[0]}`, learner.token, () => renameFirstTopic('Three'))
    await revalidates(`/api/subTopic/${tree.subTopicIds[0]}`, learner.token, () =>
      upload<Video>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts({ video: mp4(16 * 1024) }), admin),
    )
  })

  it('the catalogue: a new package or a change to any package', async () => {
    await revalidates('/api/packages/getAllPackage', learner.token, () =>
      insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'N' }),
    )
    await revalidates('/api/packages/getAllPackage', learner.token, () =>
      ctx.deps.db.update(packages).set({ title: 'Renamed' }).where(eq(packages.id, tree.packageId)),
    )
  })

  it('my packages: an assignment, a change to an assigned package, or to the account itself', async () => {
    const path = '/api/user/getUserByEmail'
    const other = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'O' })
    await revalidates(path, learner.token, () =>
      ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: other.packageId }),
    )
    await revalidates(path, learner.token, () => ctx.deps.db.update(packages).set({ title: 'New' }).where(eq(packages.id, other.packageId)))
    await revalidates(path, learner.token, () => ctx.deps.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, learner.id)))
  })

  it("my packages: one learner's tag is not another's", async () => {
    const mine = (await call('/api/user/getUserByEmail', learner.token)).headers.get('etag')!
    const theirs = await call('/api/user/getUserByEmail', stranger, { 'if-none-match': mine })
    expect(theirs.status).toBe(200)
    expect((await json(theirs)).data.packages).toEqual([])
  })
})

describe('compression of JSON answers', () => {
  it('sends the tree in brotli, gzip or as it is, by Accept-Encoding, with Vary and a true Content-Length', async () => {
    const plain = await call(treePath(), learner.token)
    const text = await plain.text()
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/)
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await call(treePath(), learner.token, { 'accept-encoding': accept })
      expect(res.headers.get('content-encoding'), accept).toBe(encoding)
      expect(res.headers.get('content-type')).toMatch(/^application\/json/)
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
      const bytes = Buffer.from(await res.arrayBuffer())
      expect(res.headers.get('content-length')).toBe(String(bytes.byteLength))
      expect(decode(res, bytes)).toBe(text)
    }
  })

  it('compresses other JSON answers over 1 KiB on the fly, and leaves small ones as they are', async () => {
    const big = await call(`/api/skills/skills/${tree.skillIds[0]}/topics`, learner.token, { 'accept-encoding': 'br, gzip' })
    expect(big.headers.get('content-encoding')).toBe('br')
    const bytes = Buffer.from(await big.arrayBuffer())
    expect(big.headers.get('content-length')).toBe(String(bytes.byteLength))
    const body = JSON.parse(decode(big, bytes)) as { data: { topics: unknown[] } }
    expect(body.data.topics).toHaveLength(3)

    const small = await call(`/api/packages/999999`, learner.token, { 'accept-encoding': 'br, gzip' })
    expect(small.status).toBe(404)
    expect(small.headers.get('content-encoding')).toBeNull()
    expect((await json(small)).message).toBe('Package not found')
  })

  it('never compresses a video, whole or a Range of it', async () => {
    const res = await upload<Video>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts({ video: mp4(64 * 1024) }), admin)
    const video = res.body.data!
    const whole = await ctx.app.request(video.url, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-encoding')).toBeNull()
    const part = await ctx.app.request(video.url, { headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-2047' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-encoding')).toBeNull()
    expect((await part.arrayBuffer()).byteLength).toBe(2048)
  })
})

describe('the tree cache', () => {
  it('keeps one body per version: a new version is built, the old one is never served again', async () => {
    const before = (await json(await call(treePath(), learner.token))) as { data: Package }
    await renameFirstTopic('Fresh')
    const after = (await json(await call(treePath(), learner.token))) as { data: Package }
    expect(before.data.skills[0]!.topics[0]!.title).not.toBe('Fresh')
    expect(after.data.skills[0]!.topics[0]!.title).toBe('Fresh')
  })
})

describe('the tree cache turned off (TREE_CACHE_BYTES=0)', () => {
  it('queries the tree on every 200, with the same body as the cached read, compressed, with an ETag and 304', async () => {
    const uncached = await createTestContext({ TREE_CACHE_BYTES: '0' })
    try {
      const uncachedAdmin = (await uncached.createUser({ role: 'admin' })).token
      const cached = await call(treePath(), admin, { 'accept-encoding': 'br' })
      const cachedBody = decode(cached, Buffer.from(await cached.arrayBuffer()))
      uncached.queries.count = 0
      const first = await call(treePath(), uncachedAdmin, { 'accept-encoding': 'br' }, uncached)
      expect(first.status).toBe(200)
      expect(first.headers.get('content-encoding')).toBe('br')
      expect(first.headers.get('etag')).toMatch(/^W\/"tree-/)
      expect(JSON.parse(decode(first, Buffer.from(await first.arrayBuffer()))).data).toEqual(JSON.parse(cachedBody).data)

      // The account and the package's stamp now come from memory: what is left is the tree's own query, every time.
      uncached.queries.count = 0
      const second = await call(treePath(), uncachedAdmin, {}, uncached)
      expect(JSON.parse(await second.text()).data).toEqual(JSON.parse(cachedBody).data)
      const secondQueries = uncached.queries.count
      expect(secondQueries).toBeGreaterThan(0)
      uncached.queries.count = 0
      await call(treePath(), uncachedAdmin, {}, uncached)
      expect(uncached.queries.count).toBe(secondQueries) // built again: nothing kept

      const revalidated = await call(treePath(), uncachedAdmin, { 'if-none-match': first.headers.get('etag')! }, uncached)
      expect(revalidated.status).toBe(304)
    } finally {
      await uncached.close()
    }
  })
})
