import { readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import webvtt from 'webvtt-parser'
import type { CaptionCoverage, CaptionTrack } from '../../contract/captions.ts'
import type { Package, SubTopic, Video } from '../../contract/content.ts'
import type { DashboardFigures } from '../../contract/reports.ts'
import { userPackages } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, type BuiltTree } from '../test/content.ts'
import { diskPath, filesOnDisk, mediaCounts, parseSigned, PNG, upload, videoParts, type Part } from '../test/media.ts'

const ctx = setupTestContext()
let admin: string
let learner: string
let tree: BuiltTree
let video: Video

const VTT = `WEBVTT

1
00:00:00.500 --> 00:00:02.000
Hello and welcome.

2
00:00:02.000 --> 00:00:04.500
Today: <i>captions</i> & transcripts.
`

const SRT = `1
00:00:00,500 --> 00:00:02,000
Hello and welcome.

2
00:00:02,000 --> 00:00:04,500
Today: <i>captions</i> & transcripts.
`

beforeEach(async () => {
  rmSync(path.join(ctx.config.dataDir, 'files'), { recursive: true, force: true })
  admin = (await ctx.createUser({ role: 'admin' })).token
  const user = await ctx.createUser()
  learner = user.token
  tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
  await ctx.deps.db.insert(userPackages).values({ userId: user.user.id, packageId: tree.packageId })
  const uploaded = await upload<Video>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts({ title: 'Welcome' }), admin)
  video = uploaded.body.data!
})

const captionParts = (
  file: string | Buffer,
  { name = 'lesson.vtt', language = 'en', label = 'English', kind = 'captions' }: Record<string, string> = {},
): Part[] => [
  { name: 'language', data: language },
  { name: 'label', data: label },
  { name: 'kind', data: kind },
  { name: 'file', filename: name, data: file, type: 'text/plain' },
]

const sendCaptions = (parts: Part[], token = admin, videoId = video.id) =>
  upload<CaptionTrack>(ctx, `/api/videos/${videoId}/captions`, parts, token)

async function readVideo(token = learner) {
  return (await ctx.request<Video>('GET', `/api/videos/${video.id}`, { token })).body.data!
}

async function fetchSigned(url: string) {
  return ctx.app.request(url)
}

describe('POST /api/videos/{id}/captions', () => {
  it('stores a WebVTT file and lists the track on the video with a signed URL served as text/vtt', async () => {
    const res = await sendCaptions(captionParts(VTT, { language: 'en-us', label: 'English (US)' }))
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.data).toEqual({ id: expect.any(Number), videoId: video.id, language: 'en-US', label: 'English (US)', kind: 'captions' })

    const [track] = (await readVideo()).captions
    expect(track).toMatchObject({ id: res.body.data!.id, language: 'en-US', label: 'English (US)', kind: 'captions' })
    expect(track!.url).toMatch(/^\/api\/files\/[a-f0-9]{32}\?exp=\d+&sig=[\w-]+$/)
    const served = await fetchSigned(track!.url)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('text/vtt; charset=utf-8')
    const body = await served.text()
    expect(body.startsWith('WEBVTT')).toBe(true)
    expect(body).toContain('Hello and welcome.')
    expect(body).toBe(VTT)
  })

  it('converts SRT to WebVTT with the same cues', async () => {
    const fromSrt = await sendCaptions(captionParts(SRT, { name: 'lesson.srt', language: 'fr', label: 'Français' }))
    expect(fromSrt.status, JSON.stringify(fromSrt.body)).toBe(201)
    const fromVtt = await sendCaptions(captionParts(VTT, { language: 'de', label: 'Deutsch' }))
    const tracks = (await readVideo()).captions
    const text = async (language: string) => (await fetchSigned(tracks.find((t) => t.language === language)!.url)).text()
    const srtAsVtt = await text('fr')
    expect(srtAsVtt).toBe(
      'WEBVTT\n\n1\n00:00:00.500 --> 00:00:02.000\nHello and welcome.\n\n2\n00:00:02.000 --> 00:00:04.500\nToday: <i>captions</i> & transcripts.\n',
    )
    const cues = (vtt: string) =>
      new webvtt.WebVTTParser().parse(vtt, 'metadata').cues.map(({ id, startTime, endTime, text }) => ({ id, startTime, endTime, text }))
    expect(cues(srtAsVtt)).toEqual(cues(await text('de')))
    expect(cues(srtAsVtt)).toHaveLength(2)
    expect(fromVtt.status).toBe(201)
  })

  it('names the first bad line of a file in words', async () => {
    const cases: [string, string, string][] = [
      [
        `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfine\n\n00:00:03 --> 00:00:04.000\nbad\n`,
        'lesson.vtt',
        'Line 6: a cue timing must look like 00:01:02.500 --> 00:01:04.000',
      ],
      [`WEBVTT\n\n00:00:04.000 --> 00:00:03.000\nbackwards\n`, 'lesson.vtt', 'Line 3: a cue must end after it starts'],
      [`00:00:01.000 --> 00:00:02.000\nno header\n`, 'lesson.vtt', 'Line 1: a WebVTT file must start with the line WEBVTT'],
      [
        `1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 -> 00:00:04,000\nbad arrow\n`,
        'lesson.srt',
        'Line 6: a cue timing must look like 00:01:02,500 --> 00:01:04,000',
      ],
      ['WEBVTT\n\n', 'lesson.vtt', 'The file holds no cues'],
    ]
    for (const [file, name, message] of cases) {
      const res = await sendCaptions(captionParts(file, { name }))
      expect(res.status, message).toBe(400)
      expect(res.body.message).toBe(message)
      expect(res.body.errorDetails).toEqual({ file: message })
    }
    expect((await readVideo()).captions).toEqual([])
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ storedFiles: 2 })
  })

  it('refuses what is not a caption file or has bad fields, storing nothing', async () => {
    const png = await sendCaptions(captionParts(PNG, { name: 'lesson.vtt' }))
    expect(png.status).toBe(415)
    const named = await sendCaptions(captionParts(VTT, { name: 'lesson.txt' }))
    expect(named.status).toBe(415)
    expect(named.body.message).toBe('file must be a WebVTT (.vtt) or SubRip (.srt) caption file')
    const latin1 = await sendCaptions(captionParts(Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\ncaf\xe9\n', 'latin1')))
    expect(latin1.status).toBe(415)
    const language = await sendCaptions(captionParts(VTT, { language: 'not a tag!' }))
    expect(language.status).toBe(400)
    expect(language.body.errorDetails).toEqual({ language: "language must be a BCP 47 language tag such as 'en' or 'pt-BR'" })
    const kind = await sendCaptions(captionParts(VTT, { kind: 'chapters' }))
    expect(kind.status).toBe(400)
    expect(kind.body.errorDetails).toEqual({ kind: "kind must be 'captions' or 'subtitles'" })
    const missing = await sendCaptions(captionParts(VTT).filter((p) => p.name !== 'file'))
    expect(missing.status).toBe(400)
    expect((await sendCaptions(captionParts(VTT), admin, 999_999)).status).toBe(404)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ storedFiles: 2 })
    expect(filesOnDisk(ctx)).toHaveLength(2)
  })

  it('replaces the track of the same language and kind, deleting the old file; another kind is a second track', async () => {
    const first = await sendCaptions(captionParts(VTT))
    const oldKey = parseSigned((await readVideo()).captions[0]!.url).key
    const second = await sendCaptions(captionParts(VTT.replace('Hello', 'Hi'), { label: 'English, revised' }))
    expect(second.status).toBe(201)
    expect(second.body.data!.id).toBe(first.body.data!.id)
    const tracks = (await readVideo()).captions
    expect(tracks).toHaveLength(1)
    expect(tracks[0]!.label).toBe('English, revised')
    expect(await (await fetchSigned(tracks[0]!.url)).text()).toContain('Hi and welcome.')
    expect(filesOnDisk(ctx).some((file) => file.endsWith(oldKey))).toBe(false)
    await sendCaptions(captionParts(VTT, { kind: 'subtitles' }))
    expect((await readVideo()).captions.map((t) => t.kind)).toEqual(['captions', 'subtitles'])
    expect(filesOnDisk(ctx)).toHaveLength(4)
  })
})

describe('caption reads', () => {
  it('lists tracks in the package tree and the sub-topic read, and the tree ETag changes with them', async () => {
    const before = await ctx.request<Package>('GET', `/api/packages/${tree.packageId}`, { token: learner })
    const tag = before.headers.get('etag')!
    await sendCaptions(captionParts(VTT))
    const after = await ctx.request<Package>('GET', `/api/packages/${tree.packageId}`, {
      token: learner,
      headers: { 'if-none-match': tag },
    })
    expect(after.status).toBe(200)
    const treeVideo = after.body.data!.skills[0]!.topics[0]!.subTopics[0]!.videos[0]!
    expect(treeVideo.captions.map((t) => t.language)).toEqual(['en'])
    const subTopic = await ctx.request<SubTopic>('GET', `/api/subTopic/${tree.subTopicIds[0]}`, { token: learner })
    expect(subTopic.body.data!.videos[0]!.captions.map((t) => t.label)).toEqual(['English'])
  })

  it('signs caption URLs that expire like the video URL', async () => {
    await sendCaptions(captionParts(VTT))
    const { url } = (await readVideo()).captions[0]!
    expect(parseSigned(url).exp).toBe(parseSigned((await readVideo()).url).exp)
    expect((await fetchSigned(url)).status).toBe(200)
    ctx.now = new Date(ctx.now.getTime() + (ctx.config.fileUrlTtlSeconds + 600) * 1000)
    const expired = await fetchSigned(url)
    expect(expired.status).toBe(403)
    const tampered = url.replace(/sig=[\w-]+/, 'sig=forged')
    expect((await fetchSigned(tampered)).status).toBe(403)
  })
})

describe('DELETE /api/videos/{id}/captions/{captionId}', () => {
  it('removes the track and its file; an unknown or another video’s track is a 404', async () => {
    const track = (await sendCaptions(captionParts(VTT))).body.data!
    const key = parseSigned((await readVideo()).captions[0]!.url).key
    const other = (await upload<Video>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts(), admin)).body.data!
    expect((await ctx.request('DELETE', `/api/videos/${other.id}/captions/${track.id}`, { token: admin })).status).toBe(404)
    expect((await ctx.request('DELETE', `/api/videos/${video.id}/captions/${track.id}`, { token: learner })).status).toBe(403)
    const res = await ctx.request('DELETE', `/api/videos/${video.id}/captions/${track.id}`, { token: admin })
    expect(res.status).toBe(200)
    expect((await readVideo()).captions).toEqual([])
    expect(filesOnDisk(ctx).some((file) => file.endsWith(key))).toBe(false)
    expect((await ctx.request('DELETE', `/api/videos/${video.id}/captions/${track.id}`, { token: admin })).status).toBe(404)
  })

  it('deleting the video removes its caption files too', async () => {
    await sendCaptions(captionParts(VTT))
    const key = parseSigned((await readVideo()).captions[0]!.url).key
    expect(readFileSync(diskPath(ctx, key), 'utf8')).toContain('WEBVTT')
    expect((await ctx.request('DELETE', `/api/videos/${video.id}`, { token: admin })).status).toBe(200)
    expect(filesOnDisk(ctx)).toEqual([])
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ storedFiles: 0 })
  })
})

describe('GET /api/reports/captions', () => {
  it('counts videos with captions and lists each one without, for admins only', async () => {
    const second = (await upload<Video>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts({ title: 'Second' }), admin)).body
      .data!
    await sendCaptions(captionParts(VTT))
    const res = await ctx.request<CaptionCoverage>('GET', '/api/reports/captions', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      videos: 2,
      withCaptions: 1,
      withoutCaptions: [
        { videoId: second.id, title: 'Second', packageId: tree.packageId, packageTitle: 'P package', subTopicId: tree.subTopicIds[0] },
      ],
    })
    const dashboard = await ctx.request<DashboardFigures>('GET', '/api/reports/dashboard', { token: admin })
    expect(dashboard.body.data!.videosWithoutCaptions).toBe(1)
    expect((await ctx.request('GET', '/api/reports/captions', { token: learner })).status).toBe(403)
    expect((await ctx.request('GET', '/api/reports/captions')).status).toBe(401)
  })
})

describe('player preferences on the profile', () => {
  it('keeps captions language, on/off and speed on the server, and refuses bad values', async () => {
    const me = await ctx.request<{ captionsLanguage: string | null; captionsOn: boolean | null; playbackRate: number | null }>(
      'GET',
      '/api/user/getUserByEmail',
      { token: learner },
    )
    expect(me.body.data).toMatchObject({ captionsLanguage: null, captionsOn: null, playbackRate: null })
    const tag = me.headers.get('etag')
    const saved = await ctx.request('PUT', '/api/user/profile', {
      token: learner,
      body: { name: 'Learner', captionsLanguage: 'fr-ca', captionsOn: true, playbackRate: 1.5 },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.data).toMatchObject({ captionsLanguage: 'fr-CA', captionsOn: true, playbackRate: 1.5 })
    const again = await ctx.request('GET', '/api/user/getUserByEmail', { token: learner, headers: tag ? { 'if-none-match': tag } : {} })
    expect(again.status).toBe(200)
    expect(again.body.data).toMatchObject({ captionsLanguage: 'fr-CA', captionsOn: true, playbackRate: 1.5 })
    const bad = await ctx.request('PUT', '/api/user/profile', { token: learner, body: { name: 'Learner', playbackRate: 3 } })
    expect(bad.status).toBe(400)
    expect(bad.body.errorDetails).toEqual({ playbackRate: 'playbackRate must be one of 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2' })
  })
})
