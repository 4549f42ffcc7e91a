import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import JSZip from 'jszip'
import type { Package, SubTopic } from '../../contract/content.ts'
import { parseOptions, type Mcq } from '../../contract/media.ts'
import { users } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { mediaCounts } from '../test/media.ts'
import { seedDemo } from './demo.ts'
import { DEMO_MEDIA } from './demo-media.ts'
import { notesPdf } from './demo-pdf.ts'

const COST = 10
const ASSETS = path.join(import.meta.dirname, 'assets')

const ctx = setupTestContext({}, { resetBeforeEach: false })
let dataDir: string
let admin: string
let learner: string
let packages: Package[]

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'learnpack-demo-media-'))
  const demo = await seedDemo(ctx.deps.db, dataDir, COST, ctx.deps.store)
  expect(demo).not.toBeNull()
  const token = async (email: string) => {
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, email))
    return ctx.deps.tokens.sign({ userId: row!.id, role: row!.role })
  }
  admin = await token(demo!.admin.email)
  learner = await token(demo!.learner.email)
  const list = (await ctx.request<Package[]>('GET', '/api/packages/getAllPackage', { token: admin })).body.data!
  packages = await Promise.all(
    list
      .sort((a, b) => a.id - b.id)
      .map(async (p) => (await ctx.request<Package>('GET', `/api/packages/${p.id}`, { token: admin })).body.data!),
  )
})
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const subTopicsOf = (p: Package) => p.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics))
const withMedia = () => packages.flatMap(subTopicsOf).filter((s) => s.videos.length > 0)

describe('demo media', () => {
  it('the committed assets are small', () => {
    for (const name of ['demo-clip.mp4', 'demo-thumbnail.png']) expect(statSync(path.join(ASSETS, name)).size).toBeLessThan(300 * 1024)
  })

  it('gives a few sub-topics one video with a thumbnail and one PDF', () => {
    const seeded = withMedia()
    expect(seeded.map((s) => s.title).sort()).toEqual(DEMO_MEDIA.map((m) => m.subTopic).sort())
    for (const sub of seeded) {
      expect(sub.videos).toHaveLength(1)
      expect(sub.studyMaterials).toHaveLength(1)
      expect(sub.studyMaterials[0]).toMatchObject({ version: 1, isLatest: true })
    }
    // the first package holds most of it; the second one some too
    expect(subTopicsOf(packages[0]!).filter((s) => s.videos.length).length).toBeGreaterThanOrEqual(3)
  })

  it('stores real files served by signed URL: the video with Range, the thumbnail and the PDF', async () => {
    const clip = readFileSync(path.join(ASSETS, 'demo-clip.mp4'))
    const sub = withMedia()[0]!
    const video = await ctx.app.request(sub.videos[0]!.url, { headers: { range: 'bytes=0-1023' } })
    expect(video.status).toBe(206)
    expect(video.headers.get('content-type')).toBe('video/mp4')
    expect(video.headers.get('content-range')).toBe(`bytes 0-1023/${clip.length}`)
    expect(Buffer.from(await video.arrayBuffer())).toEqual(clip.subarray(0, 1024))
    const thumb = await ctx.app.request(sub.videos[0]!.thumbnailUrl)
    expect(thumb.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await thumb.arrayBuffer())).toEqual(readFileSync(path.join(ASSETS, 'demo-thumbnail.png')))
    const pdf = await ctx.app.request(sub.studyMaterials[0]!.pdfUrl)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const text = Buffer.from(await pdf.arrayBuffer()).toString('latin1')
    expect(text.startsWith('%PDF-1.4')).toBe(true)
    expect(text).toContain(`(${sub.title})`)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({
      videos: DEMO_MEDIA.length,
      studyMaterials: DEMO_MEDIA.length,
      storedFiles: 3 * DEMO_MEDIA.length,
    })
  })

  it('the generated PDF is well-formed: every xref offset points at its object', () => {
    const pdf = notesPdf('Title (with) \\ chars – and ünïcode', [
      'A paragraph long enough to wrap onto a second line of the page, and then some more words.',
    ])
    const text = pdf.toString('latin1')
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1])
    expect(text.slice(xref, xref + 4)).toBe('xref')
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    expect(offsets).toHaveLength(6)
    for (const [i, offset] of offsets.entries()) expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`)
    const length = Number(/\/Length (\d+)/.exec(text)![1])
    const start = text.indexOf('stream\n') + 'stream\n'.length
    expect(text.slice(start + length, start + length + '\nendstream'.length)).toBe('\nendstream')
    expect(text).toContain('(Title \\(with\\) \\\\ chars ? and ?n?code)')
  })

  it('each seeded sub-topic has 10+ questions, some with several correct answers and some with an na option', async () => {
    for (const sub of withMedia()) {
      const res = await ctx.request<Mcq[]>('GET', `/api/mcqs/getBySubTopics?subTopicIds=${sub.id}`, { token: admin })
      const bank = res.body.data!
      expect(bank.length, sub.title).toBeGreaterThanOrEqual(10)
      expect(
        bank.some((m) => m.correctOption!.includes(',')),
        sub.title,
      ).toBe(true)
      expect(
        bank.some((m) => Object.values(parseOptions(m.options)).some((o) => o.toLowerCase() === 'na')),
        sub.title,
      ).toBe(true)
      for (const m of bank) {
        const options = parseOptions(m.options)
        expect(Object.keys(options)).toEqual(['A', 'B', 'C', 'D'])
        // a correct answer is never an 'na' slot
        for (const letter of m.correctOption!.split(',')) expect(options[letter as 'A']!.toLowerCase(), m.question).not.toBe('na')
      }
      expect(new Set(bank.map((m) => m.question.toLowerCase())).size).toBe(bank.length)
    }
  })

  it('the demo learner is assigned the first package only, and sees its media without answer keys', async () => {
    const [first, second] = packages as [Package, Package]
    expect((await ctx.request('GET', `/api/packages/${first.id}`, { token: learner })).status).toBe(200)
    expect((await ctx.request('GET', `/api/packages/${second.id}`, { token: learner })).status).toBe(403)
    const sub = subTopicsOf(first).find((s) => s.videos.length)!
    const asLearner = await ctx.request<SubTopic>('GET', `/api/subTopic/${sub.id}`, { token: learner })
    expect(asLearner.status).toBe(200)
    expect((await ctx.app.request(asLearner.body.data!.videos[0]!.url)).status).toBe(200)
    const bank = await ctx.request<Mcq[]>('GET', `/api/mcqs/getBySubTopics?subTopicIds=${sub.id}`, { token: learner })
    expect(bank.status).toBe(200)
    expect(JSON.stringify(bank.body)).not.toMatch(/correctOption/)
    const zip = await ctx.app.request(`/api/study-materials/download-all/${sub.id}`, { headers: { authorization: `Bearer ${learner}` } })
    expect(zip.status).toBe(200)
    const entries = Object.keys((await JSZip.loadAsync(Buffer.from(await zip.arrayBuffer()))).files)
    expect(entries).toEqual([`${DEMO_MEDIA.find((m) => m.subTopic === sub.title)!.notes.name}.pdf`])
  })
})
