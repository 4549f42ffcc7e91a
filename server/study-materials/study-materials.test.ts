import { existsSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import JSZip from 'jszip'
import type { StudyMaterial, SubTopic } from '../../contract/content.ts'
import { createApp } from '../app.ts'
import { studyMaterials, subTopics, userPackages } from '../db/schema.ts'
import { formatBytes } from '../storage/file-types.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, keysOf, type BuiltTree } from '../test/content.ts'
import {
  EXE,
  PNG,
  diskPath,
  filesOnDisk,
  form,
  mediaCounts,
  mp4,
  parseSigned,
  pdf,
  sendStream,
  streamingMultipart,
  upload,
  zeros,
  type Part,
} from '../test/media.ts'
import { safeFileName } from './service.ts'

const ctx = setupTestContext()
let admin: string
let learner: { token: string; id: number }
let tree: BuiltTree
beforeEach(async () => {
  rmSync(path.join(ctx.config.dataDir, 'files'), { recursive: true, force: true })
  admin = (await ctx.createUser({ role: 'admin' })).token
  const user = await ctx.createUser({ role: 'USER' })
  learner = { token: user.token, id: user.user.id }
  tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 2 })
})

const parts = (
  options: { subTopicId?: number | string | null; name?: string | null; file?: Buffer | null; filename?: string } = {},
): Part[] => [
  ...(options.subTopicId === null ? [] : [{ name: 'subTopicId', data: String(options.subTopicId ?? tree.subTopicIds[0]) }]),
  ...(options.name === null ? [] : [{ name: 'name', data: options.name ?? 'Lecture notes' }]),
  ...(options.file === null
    ? []
    : [{ name: 'pdf', filename: options.filename ?? 'notes.pdf', data: options.file ?? pdf(), type: 'application/pdf' }]),
]
const send = (p: Part[], token = admin) => upload<StudyMaterial>(ctx, '/api/study-materials/upload', p, token)

async function uploadPdf(name: string, text = name, subTopicId = tree.subTopicIds[0]!) {
  const res = await send(parts({ name, file: pdf(text), subTopicId }))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data!
}

async function expectNothingStored() {
  expect(await mediaCounts(ctx.deps.db)).toMatchObject({ studyMaterials: 0, storedFiles: 0 })
  expect(filesOnDisk(ctx)).toEqual([])
}

const versions = async (subTopicId = tree.subTopicIds[0]!) =>
  (await ctx.deps.db.select().from(studyMaterials).where(eq(studyMaterials.subTopicId, subTopicId)).orderBy(studyMaterials.id)).map((m) => [
    m.name,
    m.version,
    m.isLatest,
  ])

const assign = () => ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: tree.packageId })

describe('POST /api/study-materials/upload', () => {
  it('stores the PDF under a random key and answers 201 with version 1, latest, and a signed URL', async () => {
    const res = await send(parts({ name: '  Lecture notes ', file: pdf('one') }))
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, status: 201, message: 'PDF uploaded and saved successfully' })
    const material = res.body.data!
    expect(keysOf(material)).toEqual(['createdAt', 'id', 'isLatest', 'name', 'pdfUrl', 'subTopicId', 'version'])
    expect(material).toMatchObject({ subTopicId: tree.subTopicIds[0], name: 'Lecture notes', version: 1, isLatest: true })
    const key = parseSigned(material.pdfUrl).key
    expect(key).toMatch(/^[a-f0-9]{32}$/)
    expect(readFileSync(diskPath(ctx, key))).toEqual(pdf('one'))
    const file = await ctx.app.request(material.pdfUrl)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    const sub = await ctx.request<SubTopic>('GET', `/api/subTopic/${tree.subTopicIds[0]}`, { token: admin })
    expect(sub.body.data!.studyMaterials.map((m) => m.id)).toEqual([material.id])
  })

  it('the same file name twice gives two stored files', async () => {
    const a = await send(parts({ name: 'A', file: pdf('a'), filename: 'same.pdf' }))
    const b = await send(parts({ name: 'B', file: pdf('b'), filename: 'same.pdf' }))
    expect(parseSigned(a.body.data!.pdfUrl).key).not.toBe(parseSigned(b.body.data!.pdfUrl).key)
    expect(filesOnDisk(ctx)).toHaveLength(2)
  })

  it('a renamed .exe (MZ header) sent as a PDF → 415; nothing stored', async () => {
    const res = await send(parts({ file: EXE, filename: 'notes.pdf' }))
    expect(res.status).toBe(415)
    expect(res.body.message).toBe('pdf must be a PDF')
    expect(res.body.errorDetails).toEqual({ pdf: 'Expected a PDF' })
    await expectNothingStored()
  })

  it.each([
    ['a PNG', PNG],
    ['a video', mp4()],
    ['text', Buffer.from('just some text, not a PDF at all')],
  ])('%s sent as the PDF → 415; nothing stored', async (_name, data) => {
    expect((await send(parts({ file: data }))).status).toBe(415)
    await expectNothingStored()
  })

  it('a PDF over the limit → 413 with the limit in the message; nothing stored', async () => {
    expect(formatBytes(ctx.config.uploads.maxPdfBytes)).toBe('50 MB')
    // The same check under a 64 KB limit, so the test streams kilobytes instead of 50 MB.
    const limit = 64 * 1024
    const limited = createApp({ ...ctx.deps, config: { ...ctx.config, uploads: { ...ctx.config.uploads, maxPdfBytes: limit } } })
    const streamed = (size: number) =>
      streamingMultipart([
        { name: 'subTopicId', chunks: () => [new TextEncoder().encode(String(tree.subTopicIds[0]))] },
        { name: 'name', chunks: () => [new TextEncoder().encode('Big')] },
        { name: 'pdf', filename: 'big.pdf', type: 'application/pdf', chunks: () => zeros(size, pdf('big'), 16 * 1024) },
      ])
    const res = await sendStream({ app: limited }, '/api/study-materials/upload', streamed(limit + 1), admin)
    expect(res.status).toBe(413)
    expect(res.body.message).toBe('pdf is larger than the 64 KB limit')
    await expectNothingStored()
    expect((await sendStream({ app: limited }, '/api/study-materials/upload', streamed(limit), admin)).status).toBe(201)
  })

  it('missing PDF → 400; nothing stored', async () => {
    const res = await send(parts({ file: null }))
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('pdf file is required')
    await expectNothingStored()
  })

  it.each([
    ['missing name', { name: null }, 'name', 'Please enter a name'],
    ['blank name', { name: '   ' }, 'name', 'Please enter a name'],
    ['a name over 200 characters', { name: 'n'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
    ['missing subTopicId', { subTopicId: null }, 'subTopicId', undefined],
    ['non-numeric subTopicId', { subTopicId: 'abc' }, 'subTopicId', undefined],
  ])('%s → 400 naming the field; the received PDF is discarded', async (_name, options, field, message) => {
    const res = await send(parts(options))
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toHaveProperty([field])
    if (message) expect(res.body.errorDetails![field]).toBe(message)
    await expectNothingStored()
  })

  it('unknown sub-topic → 404; the received PDF is discarded', async () => {
    const res = await send(parts({ subTopicId: 99_999 }))
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('SubTopic not found')
    await expectNothingStored()
  })

  it('learners → 403; anonymous → 401; nothing stored', async () => {
    await assign()
    expect((await send(parts(), learner.token)).status).toBe(403)
    expect((await ctx.request('POST', '/api/study-materials/upload', { rawBody: form(parts()) })).status).toBe(401)
    await expectNothingStored()
  })

  it('an upload cut off mid-stream leaves no row and no file', async () => {
    const body = streamingMultipart(
      [
        { name: 'subTopicId', chunks: () => [new TextEncoder().encode(String(tree.subTopicIds[0]))] },
        { name: 'name', chunks: () => [new TextEncoder().encode('Cut')] },
        { name: 'pdf', filename: 'cut.pdf', type: 'application/pdf', chunks: () => zeros(8 * 1024 * 1024, pdf('cut'), 64 * 1024) },
      ],
      { failAfter: 2 * 1024 * 1024 },
    )
    const res = await sendStream(ctx, '/api/study-materials/upload', body, admin)
    expect(res.status).toBe(400)
    await expectNothingStored()
  })
})

describe('study material versions', () => {
  it('the same name in the same sub-topic makes a new version; the older one stops being latest', async () => {
    const v1 = await uploadPdf('Notes', 'v1')
    const v2 = await uploadPdf('Notes', 'v2')
    expect([v1.version, v1.isLatest]).toEqual([1, true])
    expect([v2.version, v2.isLatest]).toEqual([2, true])
    // the name is compared case-insensitively
    const v3 = await uploadPdf('NOTES', 'v3')
    expect(v3.version).toBe(3)
    expect(await versions()).toEqual([
      ['Notes', 1, false],
      ['Notes', 2, false],
      ['NOTES', 3, true],
    ])
    // another name, or the same name in another sub-topic, starts at 1
    expect((await uploadPdf('Slides')).version).toBe(1)
    expect((await uploadPdf('Notes', 'other', tree.subTopicIds[1])).version).toBe(1)
    expect(await versions(tree.subTopicIds[1])).toEqual([['Notes', 1, true]])
  })

  it('deleting the latest version makes the previous one latest again, and removes the file from disk', async () => {
    const v1 = await uploadPdf('Notes', 'v1')
    const v2 = await uploadPdf('Notes', 'v2')
    const res = await ctx.request('DELETE', `/api/study-materials/${v2.id}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Study Material deleted successfully')
    expect(await versions()).toEqual([['Notes', 1, true]])
    expect(existsSync(diskPath(ctx, parseSigned(v2.pdfUrl).key))).toBe(false)
    expect(existsSync(diskPath(ctx, parseSigned(v1.pdfUrl).key))).toBe(true)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ studyMaterials: 1, storedFiles: 1 })
    // a new upload of the name continues after the highest remaining version
    expect((await uploadPdf('Notes', 'v2b')).version).toBe(2)
  })

  it('deleting an older version leaves the latest as it is', async () => {
    const v1 = await uploadPdf('Notes', 'v1')
    await uploadPdf('Notes', 'v2')
    await uploadPdf('Notes', 'v3')
    await ctx.request('DELETE', `/api/study-materials/${v1.id}`, { token: admin })
    expect(await versions()).toEqual([
      ['Notes', 2, false],
      ['Notes', 3, true],
    ])
  })

  it('deleting the only version leaves nothing behind', async () => {
    const only = await uploadPdf('Only')
    await ctx.request('DELETE', `/api/study-materials/${only.id}`, { token: admin })
    await expectNothingStored()
  })

  it('DELETE: unknown → 404, bad id → 400, learner → 403', async () => {
    const m = await uploadPdf('Notes')
    const missing = await ctx.request('DELETE', '/api/study-materials/99999', { token: admin })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Study Material not found')
    expect((await ctx.request('DELETE', '/api/study-materials/abc', { token: admin })).status).toBe(400)
    await assign()
    expect((await ctx.request('DELETE', `/api/study-materials/${m.id}`, { token: learner.token })).status).toBe(403)
    expect(await versions()).toHaveLength(1)
  })

  it('deleting the sub-topic removes its PDFs from disk', async () => {
    await uploadPdf('A')
    await uploadPdf('A')
    await uploadPdf('B', 'b', tree.subTopicIds[1])
    expect((await ctx.request('DELETE', `/api/subTopic/${tree.subTopicIds[0]}`, { token: admin })).status).toBeLessThan(300)
    expect(filesOnDisk(ctx)).toHaveLength(1)
    expect(await mediaCounts(ctx.deps.db)).toMatchObject({ studyMaterials: 1, storedFiles: 1 })
  })
})

describe('GET /api/study-materials/download-all/{subTopicId}', () => {
  const download = (subTopicId: number | string = tree.subTopicIds[0]!, token = admin) =>
    ctx.app.request(`/api/study-materials/download-all/${subTopicId}`, { headers: { authorization: `Bearer ${token}` } })

  async function entries(res: Response) {
    const zip = await JSZip.loadAsync(Buffer.from(await res.arrayBuffer()))
    const out: Record<string, string> = {}
    for (const [name, file] of Object.entries(zip.files)) out[name] = (await file.async('nodebuffer')).toString()
    return out
  }

  it('zips the latest version of each material, entries named by material name', async () => {
    await uploadPdf('Notes', 'notes v1')
    await uploadPdf('Notes', 'notes v2')
    await uploadPdf('Cheat sheet', 'cheat')
    await uploadPdf('Guide.pdf', 'guide')
    await uploadPdf('Elsewhere', 'other', tree.subTopicIds[1])
    const res = await download()
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="P sub-topic 0\.0 - study materials\.zip"/)
    expect(await entries(res)).toEqual({
      'Cheat sheet.pdf': pdf('cheat').toString(),
      'Guide.pdf': pdf('guide').toString(),
      'Notes.pdf': pdf('notes v2').toString(),
    })
  })

  it('names that clean to the same file name are de-duplicated; unsafe characters are removed', async () => {
    await uploadPdf('Week 1: Intro/Setup', 'a')
    await uploadPdf('Week 1 Intro Setup?', 'b')
    await uploadPdf('../../etc/passwd', 'c')
    await uploadPdf('<script>', 'd')
    const names = Object.keys(await entries(await download())).sort()
    expect(names).toEqual(['etc passwd.pdf', 'script.pdf', 'Week 1 Intro Setup (2).pdf', 'Week 1 Intro Setup.pdf'].sort())
    expect(names.every((n) => !n.includes('/') && !n.includes('..'))).toBe(true)
  })

  it('a sub-topic title outside Latin-1 names the zip without breaking the header', async () => {
    await ctx.deps.db.update(subTopics).set({ title: 'Введение: 入门' }).where(eq(subTopics.id, tree.subTopicIds[0]!))
    await uploadPdf('Notes')
    const res = await download()
    expect(res.status).toBe(200)
    const disposition = res.headers.get('content-disposition')!
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('Введение 入门 - study materials.zip')
  })

  it('no materials → 404 with a message, not an empty zip', async () => {
    const res = await download()
    expect(res.status).toBe(404)
    expect(((await res.json()) as { message: string }).message).toBe('This sub-topic has no study materials to download')
  })

  it('unknown sub-topic → 404; bad id → 400', async () => {
    const res = await download(99_999)
    expect(res.status).toBe(404)
    expect(((await res.json()) as { message: string }).message).toBe('SubTopic not found')
    expect((await download('abc')).status).toBe(400)
  })

  it('assigned learners may download; unassigned → 403; anonymous → 401', async () => {
    await uploadPdf('Notes')
    expect((await download(tree.subTopicIds[0], learner.token)).status).toBe(403)
    await assign()
    const res = await download(tree.subTopicIds[0], learner.token)
    expect(res.status).toBe(200)
    expect(Object.keys(await entries(res))).toEqual(['Notes.pdf'])
    expect((await ctx.app.request(`/api/study-materials/download-all/${tree.subTopicIds[0]}`)).status).toBe(401)
  })
})

describe('safeFileName', () => {
  it('keeps letters, digits, spaces, dots, dashes and underscores', () => {
    expect(safeFileName('Week 1: Intro/Setup')).toBe('Week 1 Intro Setup')
    expect(safeFileName('Résumé_v2-final.pdf')).toBe('Résumé_v2-final.pdf')
    expect(safeFileName('***')).toBe('material')
    expect(safeFileName('..')).toBe('material')
    expect(safeFileName('.hidden notes')).toBe('hidden notes')
    expect(safeFileName('x'.repeat(300))).toHaveLength(100)
  })
})
