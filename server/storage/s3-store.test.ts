/**
 * The S3-compatible blob store against a real S3 protocol server: s3rver (an npm-installed S3 emulator,
 * started here on a free port over a temporary directory). Objects are put (small: one PutObject; larger
 * than a part: a multipart upload), read whole and by byte range, and deleted; a failing upload leaves no
 * object; and a video upload runs through the app with this store, served back with Range.
 *
 * s3rver does not implement ListMultipartUploads, so `sweep` meets its NotImplemented answer here (it must
 * not throw); against AWS or MinIO it aborts stale uploads.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { HeadObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import type { Video } from '../../contract/content.ts'
import { createApp } from '../app.ts'
import { loadConfig } from '../config.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree } from '../test/content.ts'
import { form, mediaCounts, mp4, parseSigned, PNG, videoParts } from '../test/media.ts'
import type { BlobStore } from './blob-store.ts'
import { createStore } from './create-store.ts'
import { createS3Store, s3Client } from './s3-store.ts'

const BUCKET = 'learnpack-test'
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

let server: S3rver
let dir: string
let endpoint: string
let client: S3Client
let store: BlobStore
const ctx = setupTestContext()

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'learnpack-s3rver-'))
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] })
  const { port } = await server.run()
  endpoint = `http://127.0.0.1:${port}`
  const options = { endpoint, bucket: BUCKET, region: 'us-east-1', ...CREDENTIALS }
  client = s3Client(options)
  store = createS3Store(options, client)
})
afterAll(async () => {
  client?.destroy()
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

async function text(stream: Readable) {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array))
  return Buffer.concat(chunks)
}

async function keysInBucket() {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))
  return (answer.Contents ?? []).map((o) => o.Key!).sort()
}

const exists = (key: string) =>
  client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    (err: { name?: string }) => (err.name === 'NotFound' ? false : Promise.reject(err)),
  )

describe('S3 store (against s3rver)', () => {
  it('puts, gets whole and ranged, and deletes a small object', async () => {
    const data = Buffer.from('0123456789abcdefghij')
    await store.put('small1', Readable.from([data]), 'text/plain')
    expect(await text(await store.get('small1'))).toEqual(data)
    expect((await text(await store.get('small1', { start: 0, end: 0 }))).toString()).toBe('0')
    expect((await text(await store.get('small1', { start: 5, end: 9 }))).toString()).toBe('56789')
    expect((await text(await store.get('small1', { start: 15, end: 19 }))).toString()).toBe('fghij')
    await store.delete('small1')
    expect(await exists('small1')).toBe(false)
    await expect(store.get('small1')).rejects.toThrow()
  })

  it('streams a body larger than one part as a multipart upload, and reads across the part boundary', async () => {
    const part = 5 * 1024 * 1024
    const chunks = [Buffer.alloc(part, 1), Buffer.alloc(part, 2), Buffer.alloc(1000, 3)]
    await store.put('big1', Readable.from(chunks), 'application/octet-stream')
    const whole = await text(await store.get('big1'))
    expect(whole.length).toBe(2 * part + 1000)
    expect([...(await text(await store.get('big1', { start: part - 2, end: part + 1 })))]).toEqual([1, 1, 2, 2])
    expect([...(await text(await store.get('big1', { start: 2 * part + 998, end: 2 * part + 999 })))]).toEqual([3, 3])
    await store.delete('big1')
    expect(await exists('big1')).toBe(false)
  })

  it('a body that fails mid-way leaves no object (single part and multipart)', async () => {
    async function* failing(bytes: number) {
      let sent = 0
      while (sent < bytes) {
        yield Buffer.alloc(1024 * 1024, 7)
        sent += 1024 * 1024
      }
      throw new Error('connection reset')
    }
    await expect(store.put('broken1', Readable.from(failing(1024 * 1024)), 'video/mp4')).rejects.toThrow()
    await expect(store.put('broken2', Readable.from(failing(12 * 1024 * 1024)), 'video/mp4')).rejects.toThrow()
    expect(await exists('broken1')).toBe(false)
    expect(await exists('broken2')).toBe(false)
  })

  it('refuses keys that are not plain random names', async () => {
    await expect(store.put('../etc/passwd', Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow(/Invalid storage key/)
    await expect(store.get('a/b')).rejects.toThrow(/Invalid storage key/)
  })

  it('sweep does not throw where the server cannot list multipart uploads', async () => {
    await expect(store.sweep(new Date())).resolves.toBeUndefined()
  })

  it('createStore picks the S3 store when S3_* is configured', async () => {
    const config = loadConfig({
      DATA_DIR: dir,
      S3_ENDPOINT: endpoint,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    })
    const configured = await createStore(config)
    await configured.put('viaconfig1', Readable.from([Buffer.from('configured')]), 'text/plain')
    expect((await text(await configured.get('viaconfig1'))).toString()).toBe('configured')
    await configured.delete('viaconfig1')
  })

  it('a video upload through the app lands in the bucket under random keys, is served with Range, and is deleted with the video', async () => {
    const app = createApp({ ...ctx.deps, store })
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const { subTopicIds } = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
    const before = await keysInBucket()
    const video = mp4(300_000, 0x42)
    const res = await app.request(`/api/videos/upload/${subTopicIds[0]}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form(videoParts({ video, thumbnail: PNG, videoName: 'lesson.mp4' })),
    })
    expect(res.status).toBe(201)
    const created = ((await res.json()) as { data: Video }).data
    const keys = [parseSigned(created.url).key, parseSigned(created.thumbnailUrl).key]
    expect((await keysInBucket()).filter((k) => !before.includes(k)).sort()).toEqual([...keys].sort())
    expect(keys.join()).not.toMatch(/lesson/)

    const ranged = await app.request(created.url, { headers: { range: 'bytes=100-199' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`)
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(video.subarray(100, 200))
    const whole = await app.request(created.url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(video)

    const deleted = await app.request(`/api/videos/${created.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${admin}` } })
    expect(deleted.status).toBe(200)
    for (const key of keys) expect(await exists(key)).toBe(false)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ videos: 0, storedFiles: 0 })
  })

  it('an upload refused by type leaves nothing in the bucket', async () => {
    const app = createApp({ ...ctx.deps, store })
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const { subTopicIds } = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
    const before = await keysInBucket()
    const res = await app.request(`/api/videos/upload/${subTopicIds[0]}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form(videoParts({ video: mp4(100_000), thumbnail: Buffer.from('not an image at all') })),
    })
    expect(res.status).toBe(415)
    expect(await keysInBucket()).toEqual(before)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ videos: 0, storedFiles: 0 })
  })
})
