/**
 * The store sweep, on local disk and on S3 (s3rver on a free port): a stored file no row references is
 * removed, a referenced one is kept; at startup a store of this server alone is swept at once, while a
 * shared bucket and the periodic sweep keep files younger than the grace age (an upload may be in progress).
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import S3rver from 's3rver'
import type { Video } from '../../contract/content.ts'
import { createApp } from '../app.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree } from '../test/content.ts'
import { form, parseSigned, videoParts } from '../test/media.ts'
import type { BlobStore } from './blob-store.ts'
import { createLocalStore } from './local-store.ts'
import { createS3Store } from './s3-store.ts'
import { SWEEP_GRACE_MS, sweepStore } from './sweep.ts'

const BUCKET = 'learnpack-sweep-test'

const ctx = setupTestContext({}, { resetBeforeEach: false })
let s3: S3rver
let s3Dir: string
const stores: Record<'local disk' | 'S3', () => BlobStore> = {
  'local disk': () => createLocalStore(path.join(ctx.config.dataDir, 'files')),
  S3: () => createS3Store({ endpoint: s3Endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }),
}
let s3Endpoint: string

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'learnpack-sweep-s3rver-'))
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET }] })
  const { port } = await s3.run()
  s3Endpoint = `http://127.0.0.1:${port}`
})
afterAll(async () => {
  await s3?.close()
  rmSync(s3Dir, { recursive: true, force: true })
})

async function keysIn(store: BlobStore) {
  const keys: string[] = []
  for await (const page of store.list()) keys.push(...page.map((b) => b.key))
  return keys.sort()
}

/** A file put into the store as an upload does, with no row: what a server killed mid-upload leaves. */
async function orphan(store: BlobStore) {
  const key = randomUUID().replaceAll('-', '')
  await store.put(key, Readable.from([Buffer.from('left behind')]), 'application/octet-stream')
  return key
}

describe.each(Object.keys(stores) as (keyof typeof stores)[])('sweepStore on %s', (kind) => {
  let store: BlobStore
  let referenced: string[]

  beforeEach(async () => {
    await ctx.reset()
    store = stores[kind]()
    for (const key of await keysIn(store)) await store.delete(key)
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const { subTopicIds } = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
    const res = await createApp({ ...ctx.deps, store }).request(`/api/videos/upload/${subTopicIds[0]}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form(videoParts()),
    })
    expect(res.status).toBe(201)
    const video = ((await res.json()) as { data: Video }).data
    referenced = [parseSigned(video.url).key, parseSigned(video.thumbnailUrl).key].sort()
  })

  it('the periodic sweep keeps a young unreferenced file and removes it once older than the grace age', async () => {
    const left = await orphan(store)
    const deps = { db: ctx.deps.db, store }
    expect(await sweepStore(deps, new Date(), { atStartup: false })).toBe(0)
    expect(await keysIn(store)).toEqual([...referenced, left].sort())
    expect(await sweepStore(deps, new Date(Date.now() + SWEEP_GRACE_MS + 60_000), { atStartup: false })).toBe(1)
    expect(await keysIn(store)).toEqual(referenced)
  })

  it(
    kind === 'local disk'
      ? 'at startup an unreferenced file goes at once'
      : 'at startup a shared bucket keeps a young unreferenced file (another instance may be uploading it)',
    async () => {
      const left = await orphan(store)
      await sweepStore({ db: ctx.deps.db, store }, new Date(Date.now() + 1_000), { atStartup: true })
      expect(await keysIn(store)).toEqual(kind === 'local disk' ? referenced : [...referenced, left].sort())
    },
  )

  it('never touches what does not look like one of its keys', async () => {
    await store.put('notes.txt', Readable.from([Buffer.from('someone else’s')]), 'text/plain')
    await sweepStore({ db: ctx.deps.db, store }, new Date(Date.now() + SWEEP_GRACE_MS + 60_000), { atStartup: true })
    expect((await (await store.get('notes.txt')).toArray()).length).toBeGreaterThan(0)
    await store.delete('notes.txt')
  })
})
