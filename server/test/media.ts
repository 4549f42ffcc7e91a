import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { count } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import type { Db } from '../db/client.ts'
import { mcqs, storedFiles, studyMaterials, videos } from '../db/schema.ts'
import type { TestContext } from './harness.ts'
import { CLIP, mp4, quicktime, webm } from './clips.ts'

/** Test helpers for uploads: small files of each type (by their magic bytes), multipart bodies, what is on disk. */

export { CLIP, CLIP_SECONDS, mp4, mp4Head } from './clips.ts'
/** An MP4's first bytes (its `ftyp` box): enough to pass the type check, not to be a video. */
export const MP4_HEAD = CLIP.subarray(0, 24)

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a6e2f3b60000000049454e44ae426082',
  'hex',
)
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 1)])
export const WEBM = webm()
export const QUICKTIME = quicktime()

/** A minimal PDF whose body holds `text` (so two PDFs can be told apart). */
export function pdf(text = 'hello'): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`)
}
/** A Windows executable's header ('MZ'), whatever its name says. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)])

export interface Part {
  name: string
  /** A file part when set. */
  filename?: string
  data: Buffer | string
  type?: string
}

/** A FormData body (the runtime adds the boundary). */
export function form(parts: Part[]): FormData {
  const data = new FormData()
  for (const part of parts) {
    if (part.filename !== undefined)
      data.append(
        part.name,
        new Blob([typeof part.data === 'string' ? part.data : new Uint8Array(part.data)], {
          type: part.type ?? 'application/octet-stream',
        }),
        part.filename,
      )
    else data.append(part.name, String(part.data))
  }
  return data
}

/** Sends a multipart upload through the app (in process). */
export async function upload<T = unknown>(ctx: TestContext, urlPath: string, parts: Part[], token: string) {
  return ctx.request<T>('POST', urlPath, { token, rawBody: form(parts) })
}

export const videoParts = (
  options: { video?: Buffer; thumbnail?: Buffer; title?: string; videoName?: string; thumbName?: string } = {},
): Part[] => [
  ...(options.title !== undefined ? [{ name: 'title', data: options.title }] : []),
  { name: 'video', filename: options.videoName ?? 'lesson.mp4', data: options.video ?? mp4(), type: 'video/mp4' },
  { name: 'thumbnail', filename: options.thumbName ?? 'thumb.png', data: options.thumbnail ?? PNG, type: 'image/png' },
]

const BOUNDARY = '----learnpack-test-boundary-7f3a'

export interface StreamPart {
  name: string
  filename?: string
  type?: string
  /** The part's bytes, produced lazily: a multi-gigabyte part never exists in memory. */
  chunks: () => AsyncIterable<Uint8Array> | Iterable<Uint8Array>
}

/**
 * A multipart body produced as a stream. `failAfter` bytes into the body the stream errors: an upload cut off
 * mid-way, as a dropped connection looks to the server.
 */
export function streamingMultipart(
  parts: StreamPart[],
  options: { failAfter?: number } = {},
): { body: ReadableStream<Uint8Array>; contentType: string } {
  const encoder = new TextEncoder()
  async function* generate() {
    for (const part of parts) {
      const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`
      yield encoder.encode(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.filename !== undefined ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`,
      )
      for await (const chunk of part.chunks()) yield chunk
      yield encoder.encode('\r\n')
    }
    yield encoder.encode(`--${BOUNDARY}--\r\n`)
  }
  const iterator = generate()
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (options.failAfter !== undefined && sent >= options.failAfter) {
        controller.error(new Error('connection reset by peer'))
        return
      }
      const next = await iterator.next()
      if (next.done) controller.close()
      else {
        sent += next.value.byteLength
        controller.enqueue(next.value)
      }
    },
  })
  return { body, contentType: `multipart/form-data; boundary=${BOUNDARY}` }
}

/** `total` bytes in chunks of `chunk` (one shared zero-filled buffer after `head`). */
export function* zeros(total: number, head: Uint8Array = new Uint8Array(0), chunk = 256 * 1024): Iterable<Uint8Array> {
  yield head
  const block = new Uint8Array(chunk)
  let left = total - head.byteLength
  while (left > 0) {
    const n = Math.min(chunk, left)
    yield n === chunk ? block : block.subarray(0, n)
    left -= n
  }
}

/** Sends a streamed body through the app in process. */
export async function sendStream(
  ctx: Pick<TestContext, 'app'>,
  urlPath: string,
  stream: { body: ReadableStream<Uint8Array>; contentType: string },
  token: string,
) {
  const res = await ctx.app.request(
    new Request(`http://localhost${urlPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': stream.contentType },
      body: stream.body,
      duplex: 'half',
    } as RequestInit),
  )
  const text = await res.text()
  let body: { success?: boolean; message?: string; data?: unknown } = {}
  try {
    body = JSON.parse(text)
  } catch {
    /* not JSON */
  }
  return { status: res.status, body }
}

/** Every file under DATA_DIR/files (temporary ones included), relative paths. */
export function filesOnDisk(ctx: TestContext): string[] {
  const root = path.join(ctx.config.dataDir, 'files')
  const out: string[] = []
  const walk = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const full = path.join(dir, name)
      if (statSync(full).isDirectory()) walk(full)
      else out.push(path.relative(root, full))
    }
  }
  walk(root)
  return out.sort()
}

/** The path on disk of a stored key (local store layout: files/<first two characters>/<key>). */
export const diskPath = (ctx: TestContext, key: string) => path.join(ctx.config.dataDir, 'files', key.slice(0, 2), key)

/** Row counts of the media tables. */
export async function mediaCounts(db: Db) {
  const n = async (table: typeof videos | typeof storedFiles | typeof studyMaterials | typeof mcqs) =>
    (await db.select({ n: count() }).from(table))[0]!.n
  return { videos: await n(videos), storedFiles: await n(storedFiles), studyMaterials: await n(studyMaterials), mcqs: await n(mcqs) }
}

/** The key and query of a signed URL ('/api/files/{key}?exp=…&sig=…'). */
export function parseSigned(url: string) {
  const parsed = new URL(url, 'http://localhost')
  return {
    key: decodeURIComponent(parsed.pathname.split('/').pop()!),
    exp: parsed.searchParams.get('exp')!,
    sig: parsed.searchParams.get('sig')!,
  }
}

/** Builds an .xlsx in memory with exceljs; `build` fills the first sheet. */
export async function xlsx(build: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void, sheetName = 'MCQs'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(sheetName)
  build(sheet, workbook)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

export { XLSX_TYPE } from '../../contract/mcq-import.ts'
