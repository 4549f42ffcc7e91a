/**
 * Media straight from the store: with S3 configured, the URLs the API issues for videos, thumbnails and PDFs are
 * presigned GET URLs of the store (s3rver here), not this server's /api/files route. The store answers them
 * with Range (206), with the file's name and type as response overrides, and refuses them once expired. Access
 * is still decided when the URL is issued. The presigner matches the AWS SDK's, byte for byte.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import S3rver from 's3rver'
import type { StudyMaterial, Video } from '../../contract/content.ts'
import { createApp } from '../app.ts'
import type { Config } from '../config.ts'
import { insertTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { form, mp4, pdf, PNG, videoParts } from '../test/media.ts'
import { createMediaUrls } from './media-urls.ts'
import { createPresigner } from './presigned-urls.ts'
import { createS3Store, s3Client } from './s3-store.ts'

const BUCKET = 'learnpack-presign'
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

let server: S3rver
let dir: string
let s3: NonNullable<Config['s3']>
let client: S3Client
const ctx = setupTestContext()

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'learnpack-presign-'))
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET }] })
  const { port } = await server.run()
  s3 = { endpoint: `http://127.0.0.1:${port}`, bucket: BUCKET, region: 'us-east-1', ...CREDENTIALS }
  client = s3Client(s3)
})
afterAll(async () => {
  client?.destroy()
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The app over the S3 store, issuing presigned URLs. */
function s3App(overrides: Partial<NonNullable<Config['s3']>> = {}) {
  const config = { ...ctx.config, s3: { ...s3, ...overrides } }
  return createApp({ ...ctx.deps, config, store: createS3Store(s3, client), fileUrls: createMediaUrls(config, ctx.config.jwtSecret!) })
}

async function send<T>(app: ReturnType<typeof createApp>, method: string, url: string, token: string, body?: FormData) {
  const res = await app.request(url, { method, headers: { authorization: `Bearer ${token}` }, body })
  return { status: res.status, res, data: ((await res.json()) as { data: T }).data }
}

async function uploadVideo(app: ReturnType<typeof createApp>, token: string, video: Buffer) {
  const { subTopicIds } = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
  const parts = videoParts({ video, thumbnail: PNG, videoName: 'Leçon un.mp4', thumbName: 'cover.png' })
  const created = await send<Video>(app, 'POST', `/api/videos/upload/${subTopicIds[0]}`, token, form(parts))
  expect(created.status).toBe(201)
  return { video: created.data, subTopicId: subTopicIds[0]! }
}

describe('presigned media URLs (S3 configured, against s3rver)', () => {
  it('video and thumbnail URLs point at the store; the store answers Range with 206, named and typed as uploaded', async () => {
    const app = s3App()
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const bytes = mp4(200_000, 0x37)
    const { video } = await uploadVideo(app, admin, bytes)

    for (const url of [video.url, video.thumbnailUrl]) {
      expect(url.startsWith(`${s3.endpoint}/${BUCKET}/`)).toBe(true)
      expect(new URL(url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    }
    const ranged = await fetch(video.url, { headers: { range: 'bytes=1000-1999' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`)
    expect(ranged.headers.get('content-type')).toBe('video/mp4')
    expect(ranged.headers.get('content-disposition')).toBe(`inline; filename="Lecon un.mp4"; filename*=UTF-8''Le%C3%A7on%20un.mp4`)
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(bytes.subarray(1000, 2000))

    const thumbnail = await fetch(video.thumbnailUrl)
    expect(thumbnail.status).toBe(200)
    expect(thumbnail.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await thumbnail.arrayBuffer())).toEqual(PNG)
  })

  it('a PDF URL points at the store and is served as application/pdf under its file name', async () => {
    const app = s3App()
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const { subTopicIds } = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
    const body = form([
      { name: 'subTopicId', data: String(subTopicIds[0]) },
      { name: 'name', data: 'Notes' },
      { name: 'pdf', filename: 'week 1.pdf', type: 'application/pdf', data: pdf('presigned') },
    ])
    const created = await send<StudyMaterial>(app, 'POST', '/api/study-materials/upload', admin, body)
    expect(created.status).toBe(201)
    expect(created.data.pdfUrl.startsWith(`${s3.endpoint}/${BUCKET}/`)).toBe(true)
    const res = await fetch(created.data.pdfUrl)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain('filename="week 1.pdf"')
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdf('presigned'))
  })

  it('a caption track (SRT uploaded, stored as WebVTT) is served by the store as text/vtt; charset=utf-8, as a <track> needs', async () => {
    const app = s3App()
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const { video } = await uploadVideo(app, admin, mp4(50_000))
    const body = form([
      { name: 'language', data: 'fr' },
      { name: 'label', data: 'Français' },
      { name: 'kind', data: 'subtitles' },
      {
        name: 'file',
        filename: 'leçon.srt',
        type: 'application/x-subrip',
        data: Buffer.from('1\n00:00:01,000 --> 00:00:02,500\nBonjour à tous.\n'),
      },
    ])
    expect((await send(app, 'POST', `/api/videos/${video.id}/captions`, admin, body)).status).toBe(201)
    const [track] = (await send<Video>(app, 'GET', `/api/videos/${video.id}`, admin)).data.captions
    expect(track!.url.startsWith(`${s3.endpoint}/${BUCKET}/`)).toBe(true)
    expect(new URL(track!.url).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    const res = await fetch(track!.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
    expect(await res.text()).toBe('WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nBonjour à tous.\n')
  })

  it('access is decided when the URL is issued: a learner without the package gets a 403 and no URL; an admin gets a presigned one', async () => {
    const app = s3App()
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const { video } = await uploadVideo(app, admin, mp4(50_000))
    const stranger = (await ctx.createUser()).token
    const refused = await app.request(`/api/videos/${video.id}`, { headers: { authorization: `Bearer ${stranger}` } })
    expect(refused.status).toBe(403)
    expect(await refused.text()).not.toContain(s3.endpoint)
    const mine = await send<Video>(app, 'GET', `/api/videos/${video.id}`, admin)
    expect(mine.data.url.startsWith(`${s3.endpoint}/${BUCKET}/`)).toBe(true)
  })

  it('an expired URL is refused by the store', async () => {
    const app = s3App()
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const { video } = await uploadVideo(app, admin, mp4(50_000))
    ctx.now = new Date(Date.now() - (ctx.config.fileUrlTtlSeconds + 600) * 1000)
    const old = await send<Video>(app, 'GET', `/api/videos/${video.id}`, admin)
    ctx.now = new Date()
    const res = await fetch(old.data.url, { headers: { range: 'bytes=0-9' } })
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('Request has expired')
    expect((await fetch(video.url, { headers: { range: 'bytes=0-9' } })).status).toBe(206)
  })

  it('the CSP lets the page play, show and read media from the store (media-src, img-src, connect-src), and from its CDN when one is configured', async () => {
    const csp = (await s3App().request('/api/health')).headers.get('content-security-policy') ?? ''
    const directive = (name: string) => csp.split(';').find((d) => d.trim().startsWith(`${name} `)) ?? ''
    expect(directive('media-src')).toContain(s3.endpoint!)
    expect(directive('img-src')).toContain(s3.endpoint!)
    // The transcript fetches the caption file the <track> plays.
    expect(directive('connect-src')).toContain(s3.endpoint!)
    expect(directive('script-src')).not.toContain(s3.endpoint!)

    const cdn = s3App({ publicUrl: 'https://media.example.org' })
    expect((await cdn.request('/api/health')).headers.get('content-security-policy')).toContain('media-src')
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const { video } = await uploadVideo(cdn, admin, mp4(50_000))
    expect(video.url.startsWith('https://media.example.org/')).toBe(true)
    const cdnCsp = (await cdn.request('/api/health')).headers.get('content-security-policy') ?? ''
    expect(cdnCsp).toContain('https://media.example.org')
    expect(cdnCsp).not.toContain(s3.endpoint!)
  })

  it('local disk (no S3) keeps the signed /api/files route and the CSP names no other origin', async () => {
    const admin = (await ctx.createUser({ role: 'admin' })).token
    const { subTopicIds } = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
    const created = await ctx.request<Video>('POST', `/api/videos/upload/${subTopicIds[0]}`, {
      token: admin,
      rawBody: form(videoParts({ video: mp4(20_000) })),
    })
    expect(created.body.data!.url).toMatch(/^\/api\/files\/[0-9a-f]{32}\?exp=\d+&sig=/)
    const csp = (await ctx.app.request('/api/health')).headers.get('content-security-policy') ?? ''
    expect(csp).toContain("media-src 'self' blob:;")
  })
})

describe('presigner', () => {
  const signedAt = new Date('2026-11-25T12:05:00Z')
  const overrides = { contentType: 'video/mp4', contentDisposition: `inline; filename="a (1).mp4"; filename*=UTF-8''a%20%281%29.mp4` }
  const sdkUrl = async (options: { endpoint?: string; region: string }) => {
    // (Without WHEN_REQUIRED the SDK also asks AWS to validate checksums, an extra parameter issued URLs need not carry.)
    const sdk = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: Boolean(options.endpoint),
      credentials: CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
    try {
      return await getSignedUrl(
        sdk,
        new GetObjectCommand({
          Bucket: BUCKET,
          Key: '0123456789abcdef0123456789abcdef',
          ResponseContentType: overrides.contentType,
          ResponseContentDisposition: overrides.contentDisposition,
        }),
        { expiresIn: 3900, signingDate: signedAt },
      )
    } finally {
      sdk.destroy()
    }
  }
  const normalised = (url: string) => {
    const parsed = new URL(url)
    return { at: `${parsed.origin}${parsed.pathname}`, query: [...parsed.searchParams.entries()].sort() }
  }

  it.each([
    ['an S3-compatible endpoint (path-style)', { endpoint: 'http://127.0.0.1:9000', region: 'us-east-1' }],
    ['AWS S3 (virtual-hosted)', { region: 'eu-west-1' }],
  ])('signs exactly as @aws-sdk/s3-request-presigner does: %s', async (_, options) => {
    const ours = createPresigner({ ...options, bucket: BUCKET, ...CREDENTIALS }).presignGet(
      '0123456789abcdef0123456789abcdef',
      overrides,
      signedAt,
      3900,
    )
    expect(normalised(ours)).toEqual(normalised(await sdkUrl(options)))
  })

  it('URLs issued within one 5-minute step are the same (browsers keep their cache); they change with the step', () => {
    const urls = createMediaUrls({ s3: { ...s3, endpoint: 'http://store.test' }, fileUrlTtlSeconds: 3600 }, 'x'.repeat(32))
    const file = { originalName: 'a.mp4', contentType: 'video/mp4' }
    const key = '0123456789abcdef0123456789abcdef'
    const a = urls.sign(key, new Date('2026-11-25T12:05:01Z'), file)
    expect(urls.sign(key, new Date('2026-11-25T12:09:59Z'), file)).toBe(a)
    expect(urls.sign(key, new Date('2026-11-25T12:10:00Z'), file)).not.toBe(a)
    // Valid for FILE_URL_TTL at least, from whenever in the step it was issued.
    expect(new URL(a).searchParams.get('X-Amz-Date')).toBe('20261125T120500Z')
    expect(new URL(a).searchParams.get('X-Amz-Expires')).toBe('3900')
  })
})
