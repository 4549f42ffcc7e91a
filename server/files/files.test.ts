import { existsSync } from 'node:fs'
import { Readable } from 'node:stream'
import type { StudyMaterial, Video } from '../../contract/content.ts'
import { storedFiles } from '../db/schema.ts'
import { createFileUrlSigner } from '../storage/signed-urls.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree } from '../test/content.ts'
import { CLIP, diskPath, mp4, parseSigned, pdf, PNG, upload, videoParts } from '../test/media.ts'
import { parseRange } from './range.ts'
import { sweepOrphanFiles } from './service.ts'

// the uploaded video is built once; every test only reads it
const ctx = setupTestContext({}, { resetBeforeEach: false })
let admin: string
let video: Video
let content: Buffer
let subTopicId: number
const SIZE = 20_000
/** The local signer names no file in its URLs. */
const ANY_FILE = { originalName: 'file', contentType: 'application/octet-stream' }

beforeAll(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  const { subTopicIds } = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
  subTopicId = subTopicIds[0]!
  // bytes whose value tells their position, so any wrong range shows
  content = mp4(SIZE)
  // (after the clip and the header of the box that pads it, so it stays a video with a duration)
  for (let i = CLIP.length + 8; i < SIZE; i++) content[i] = i % 251
  const res = await upload<Video>(
    ctx,
    `/api/videos/upload/${subTopicIds[0]}`,
    videoParts({ video: content, videoName: 'Lesson (one).mp4' }),
    admin,
  )
  expect(res.status).toBe(201)
  video = res.body.data!
})
beforeEach(() => {
  ctx.now = new Date()
})

const get = (url: string, headers: Record<string, string> = {}, method = 'GET') => ctx.app.request(url, { method, headers })
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())

describe('GET /api/files/{key} (signed URL)', () => {
  it('serves the whole file with its type, length, and Accept-Ranges; no bearer token needed', async () => {
    const res = await get(video.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(res.headers.get('content-length')).toBe(String(SIZE))
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(res.headers.get('content-range')).toBeNull()
    expect(res.headers.get('content-disposition')).toBe('inline; filename="Lesson _one_.mp4"; filename*=UTF-8\'\'Lesson%20_one_.mp4')
    expect(await bytes(res)).toEqual(content)
  })

  it('serves the thumbnail and a PDF with their types', async () => {
    const thumb = await get(video.thumbnailUrl)
    expect(thumb.headers.get('content-type')).toBe('image/png')
    expect(await bytes(thumb)).toEqual(PNG)
    const material = await upload<StudyMaterial>(
      ctx,
      '/api/study-materials/upload',
      [
        { name: 'subTopicId', data: String(subTopicId) },
        { name: 'name', data: 'Notes' },
        { name: 'pdf', filename: 'n.pdf', data: pdf('notes') },
      ],
      admin,
    )
    const res = await get(material.body.data!.pdfUrl)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(await bytes(res)).toEqual(pdf('notes'))
  })

  it('a file name outside Latin-1 is served (the header carries an ASCII fallback and the UTF-8 name)', async () => {
    const res = await upload<Video>(ctx, `/api/videos/upload/${subTopicId}`, videoParts({ videoName: '课程 Leçon 1.mp4' }), admin)
    expect(res.status).toBe(201)
    const file = await get(res.body.data!.url)
    expect(file.status).toBe(200)
    const disposition = file.headers.get('content-disposition')!
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/)
    expect(disposition).toContain('filename="__ Lecon 1.mp4"')
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('课程 Leçon 1.mp4')
  })

  it.each([
    ['first bytes', 'bytes=0-99', 0, 99],
    ['a single byte', 'bytes=0-0', 0, 0],
    ['the middle', 'bytes=500-599', 500, 599],
    ['a suffix', 'bytes=-100', SIZE - 100, SIZE - 1],
    ['open-ended', `bytes=${SIZE - 100}-`, SIZE - 100, SIZE - 1],
    ['an end past the file (clamped)', `bytes=${SIZE - 10}-${SIZE * 5}`, SIZE - 10, SIZE - 1],
    ['a suffix longer than the file (all of it)', `bytes=-${SIZE * 5}`, 0, SIZE - 1],
    ['the last byte', `bytes=${SIZE - 1}-${SIZE - 1}`, SIZE - 1, SIZE - 1],
  ])('Range: %s → 206 with Content-Range', async (_name, range, start, end) => {
    const res = await get(video.url, { range })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes ${start}-${end}/${SIZE}`)
    expect(res.headers.get('content-length')).toBe(String(end - start + 1))
    expect(res.headers.get('content-type')).toBe('video/mp4')
    expect(await bytes(res)).toEqual(content.subarray(start, end + 1))
  })

  it.each([
    ['a start past the end', `bytes=${SIZE}-`],
    ['start after end', 'bytes=600-500'],
    ['an empty suffix', 'bytes=-0'],
    ['no numbers', 'bytes=-'],
    ['garbage', 'bytes=abc'],
    ['another unit', 'items=0-10'],
  ])('Range: %s → 416 with Content-Range bytes */size', async (_name, range) => {
    const res = await get(video.url, { range })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toBe(`bytes */${SIZE}`)
    expect((await bytes(res)).length).toBe(0)
  })

  it('seeking as a player does: consecutive ranges put the file back together', async () => {
    const pieces: Buffer[] = []
    for (let start = 0; start < SIZE; start += 3000) {
      const res = await get(video.url, { range: `bytes=${start}-${Math.min(start + 2999, SIZE - 1)}` })
      pieces.push(await bytes(res))
    }
    expect(Buffer.concat(pieces)).toEqual(content)
  })

  it('HEAD answers the headers without a body, with and without a range', async () => {
    const whole = await get(video.url, {}, 'HEAD')
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-length')).toBe(String(SIZE))
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    expect((await bytes(whole)).length).toBe(0)
    const ranged = await get(video.url, { range: 'bytes=10-19' }, 'HEAD')
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes 10-19/${SIZE}`)
    expect((await bytes(ranged)).length).toBe(0)
    const bad = await get(video.url, { range: `bytes=${SIZE * 5}-` }, 'HEAD')
    expect(bad.status).toBe(416)
  })

  it('keeps the same URL for a file within one 5-minute step, so browsers reuse their cache', async () => {
    const step = Math.floor(Date.now() / 300_000) * 300_000
    ctx.now = new Date(step + 1_000)
    const first = (await ctx.request<Video>('GET', `/api/videos/${video.id}`, { token: admin })).body.data!
    ctx.now = new Date(step + 200_000)
    const second = (await ctx.request<Video>('GET', `/api/videos/${video.id}`, { token: admin })).body.data!
    expect(second.url).toBe(first.url)
    ctx.now = new Date(step + 301_000)
    const third = (await ctx.request<Video>('GET', `/api/videos/${video.id}`, { token: admin })).body.data!
    expect(third.url).not.toBe(first.url)
  })

  describe('tampered or expired links → 403', () => {
    const url = (key: string, exp: string, sig: string) => `/api/files/${encodeURIComponent(key)}?exp=${exp}&sig=${sig}`

    it('another file key under the same signature', async () => {
      const a = parseSigned(video.url)
      const b = parseSigned(video.thumbnailUrl)
      const res = await get(url(b.key, a.exp, a.sig))
      expect(res.status).toBe(403)
      expect(((await res.json()) as { message: string }).message).toBe('This file link is invalid or has expired')
    })

    it('a later expiry', async () => {
      const a = parseSigned(video.url)
      expect((await get(url(a.key, String(Number(a.exp) + 3600), a.sig))).status).toBe(403)
    })

    it('a changed, truncated, empty or missing signature', async () => {
      const a = parseSigned(video.url)
      const flipped = (a.sig[0] === 'A' ? 'B' : 'A') + a.sig.slice(1)
      expect((await get(url(a.key, a.exp, flipped))).status).toBe(403)
      expect((await get(url(a.key, a.exp, a.sig.slice(0, -2)))).status).toBe(403)
      expect((await get(url(a.key, a.exp, ''))).status).toBe(403)
      expect((await get(`/api/files/${a.key}?exp=${a.exp}`)).status).toBe(403)
      expect((await get(`/api/files/${a.key}`)).status).toBe(403)
    })

    it('a non-numeric expiry', async () => {
      const a = parseSigned(video.url)
      expect((await get(url(a.key, `${a.exp}x`, a.sig))).status).toBe(403)
      expect((await get(url(a.key, '-1', a.sig))).status).toBe(403)
    })

    it('a signature made with another secret', async () => {
      const other = createFileUrlSigner('a-different-secret-of-enough-length-1234', 3600)
      expect((await get(other.sign(parseSigned(video.url).key, ctx.now, ANY_FILE))).status).toBe(403)
    })

    it('expiry: valid until FILE_URL_TTL has passed, 403 after', async () => {
      // Signed on a 5-minute boundary, the expiry lands exactly FILE_URL_TTL later.
      const signedAt = new Date(Math.floor(Date.now() / 300_000) * 300_000)
      ctx.now = signedAt
      const fresh = (await ctx.request<Video>('GET', `/api/videos/${video.id}`, { token: admin })).body.data!
      const ttl = ctx.config.fileUrlTtlSeconds
      expect(ttl).toBe(3600)
      ctx.now = new Date(signedAt.getTime() + (ttl - 2) * 1000)
      expect((await get(fresh.url, { range: 'bytes=0-1' })).status).toBe(206)
      ctx.now = new Date(signedAt.getTime() + (ttl + 1) * 1000)
      expect(Number(new URL(fresh.url, 'http://x').searchParams.get('exp'))).toBe(signedAt.getTime() / 1000 + ttl)
      expect((await get(fresh.url)).status).toBe(403)
      expect((await get(fresh.url, { range: 'bytes=0-1' })).status).toBe(403)
      expect((await get(fresh.url, {}, 'HEAD')).status).toBe(403)
    })
  })

  it('a correctly signed key that names no stored file → 404', async () => {
    const res = await get(ctx.deps.fileUrls.sign('0123456789abcdef0123456789abcdef', ctx.now, ANY_FILE))
    expect(res.status).toBe(404)
  })

  it('a signed key that is not a plain name cannot reach the disk', async () => {
    const res = await get(ctx.deps.fileUrls.sign('../../../etc/passwd', ctx.now, ANY_FILE))
    expect([403, 404]).toContain(res.status)
  })
})

describe('parseRange', () => {
  it('answers null without a header, ranges within the size, unsatisfiable otherwise', () => {
    expect(parseRange(undefined, 10)).toBeNull()
    expect(parseRange('bytes=2-4', 10)).toEqual({ start: 2, end: 4 })
    expect(parseRange(' bytes=2- ', 10)).toEqual({ start: 2, end: 9 })
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 })
    expect(parseRange('bytes=0-0', 0)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-1,4-5', 10)).toBe('unsatisfiable')
  })
})

describe('sweepOrphanFiles (run at startup)', () => {
  it('removes files no row uses that are older than an hour; keeps young ones and used ones', async () => {
    const put = async (key: string, createdAt: Date) => {
      await ctx.deps.store.put(key, Readable.from([Buffer.from('orphan')]), 'application/pdf')
      await ctx.deps.db.insert(storedFiles).values({ key, contentType: 'application/pdf', size: 6, originalName: 'o.pdf', createdAt })
    }
    const now = new Date()
    await put('0000000000000000000000000000old1', new Date(now.getTime() - 2 * 3_600_000))
    await put('000000000000000000000000000young', new Date(now.getTime() - 10 * 60_000))
    const used = parseSigned(video.url).key
    await sweepOrphanFiles(ctx.deps, now)
    expect(existsSync(diskPath(ctx, '0000000000000000000000000000old1'))).toBe(false)
    expect(existsSync(diskPath(ctx, '000000000000000000000000000young'))).toBe(true)
    expect(existsSync(diskPath(ctx, used))).toBe(true)
    const keys = (await ctx.deps.db.select({ key: storedFiles.key }).from(storedFiles)).map((r) => r.key)
    expect(keys).not.toContain('0000000000000000000000000000old1')
    expect(keys).toContain('000000000000000000000000000young')
    expect(keys).toContain(used)
    expect((await get(video.url)).status).toBe(200)
  })
})
