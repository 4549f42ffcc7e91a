import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { Readable, Transform, type TransformCallback } from 'node:stream'
import Busboy, { type BusboyFileStream, type BusboyInstance } from '@fastify/busboy'
import { AppError, badRequest } from '../http/errors.ts'
import type { BlobStore } from './blob-store.ts'
import { claim } from './spent-chunks.ts'
import { KIND_LABEL, SNIFF_BYTES, formatBytes, isKind, sniff, sniffText, type FileKind, type Sniffed } from './file-types.ts'

export interface FileRule {
  /** The kind the file must be, or the kinds it may be. */
  kind: FileKind | readonly FileKind[]
  maxBytes: number
  required: boolean
  /** Store the file (default), or keep it in memory (small files parsed at once, e.g. spreadsheets). */
  inMemory?: boolean
}

export interface ReceivedFile {
  key: string | null
  buffer: Buffer | null
  size: number
  contentType: string
  /** The uploader's file name, sanitised; metadata only, never a storage path. */
  originalName: string
}

export interface ReceivedUpload {
  files: Record<string, ReceivedFile>
  fields: Record<string, string>
}

/** Keeps letters, digits, spaces, dots, dashes and underscores of a file name; at most 120 characters. */
export function sanitizeFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? ''
  const clean = base
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120)
  return clean || 'file'
}

/** Checks the first bytes against the expected kind and counts bytes against the limit, as the file streams through. */
class Inspector extends Transform {
  private head = Buffer.alloc(0)
  private seen = 0
  sniffed: Sniffed | null = null
  private readonly field: string
  private readonly rule: FileRule
  /** The chunks are copies Node made for this request alone (spent-chunks.ts); false when they may be a caller's. */
  private readonly ownChunks: boolean
  constructor(field: string, rule: FileRule, ownChunks: boolean) {
    super()
    this.field = field
    this.rule = rule
    this.ownChunks = ownChunks
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    this.seen += chunk.length
    if (this.seen > this.rule.maxBytes)
      return done(new AppError(413, `${this.field} is larger than the ${formatBytes(this.rule.maxBytes)} limit`))
    if (!this.sniffed) {
      this.head = Buffer.concat([this.head, chunk])
      if (this.head.length < SNIFF_BYTES) return done()
      const error = this.check()
      if (error) return done(error)
      const buffered = this.head
      this.head = Buffer.alloc(0)
      return done(null, buffered)
    }
    if (this.ownChunks) claim(chunk)
    done(null, chunk)
  }
  override _flush(done: TransformCallback) {
    if (this.sniffed) return done()
    if (this.seen === 0) return done(badRequest(`${this.field} is empty`, { [this.field]: 'The file is empty' }))
    const error = this.check()
    done(error ?? null, error ? undefined : this.head)
  }
  private check(): AppError | null {
    const kinds = typeof this.rule.kind === 'string' ? [this.rule.kind] : this.rule.kind
    // Caption files are text without a signature: they are told by not being any known binary type.
    const sniffedAs = (candidate: FileKind) => (candidate === 'captions' ? sniffText(this.head) : sniff(this.head))
    const kind = kinds.find((candidate) => {
      const found = sniffedAs(candidate)
      return candidate === 'captions' ? found !== null : isKind(found, candidate)
    })
    if (!kind) {
      const expected = kinds.map((candidate) => KIND_LABEL[candidate]).join(' or ')
      return new AppError(415, `${this.field} must be ${expected}`, { details: { [this.field]: `Expected ${expected}` } })
    }
    this.sniffed = kind === 'zip' ? { kind: 'zip', contentType: 'application/zip', extension: 'zip' } : sniffedAs(kind)!
    return null
  }
  get size() {
    return this.seen
  }
}

/** Chunk sizes on the way to the store: fewer, larger chunks (and writes) for a 1 GiB video (bench/upload.ts). */
const UPLOAD_HWM = 1024 * 1024

/** An upload's request, with the socket's IncomingMessage when @hono/node-server serves it (`c.env.incoming`). */
export interface UploadRequest {
  raw: Request
  incoming?: IncomingMessage
}

/**
 * The body as a Node stream. Reading the IncomingMessage directly skips a Node → web → Node stream round trip that
 * costs more than half the throughput of a large upload (bench/upload.ts). Without it (app.request in tests,
 * another runtime), or when it was already read, the web body is converted.
 */
function bodyStream({ raw, incoming }: UploadRequest): { stream: Readable; ownChunks: boolean } | null {
  // Node's HTTP/1 parser copies each piece of a body it reads into a buffer of its own.
  if (incoming && !incoming.readableDidRead && !raw.bodyUsed) return { stream: incoming, ownChunks: incoming.httpVersionMajor === 1 }
  return raw.body ? { stream: Readable.fromWeb(raw.body as import('node:stream/web').ReadableStream), ownChunks: false } : null
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * Parses a multipart body as a stream: each expected file part is checked by content, counted against
 * its limit and written to the store as it arrives. On any failure every stored part is deleted and the
 * error (400/413/415) is thrown; nothing is left behind.
 */
export async function receiveUpload(
  request: UploadRequest,
  store: BlobStore,
  rules: Record<string, FileRule>,
  fieldNames: string[],
): Promise<ReceivedUpload> {
  const contentType = request.raw.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(contentType)) throw new AppError(415, 'Send the upload as multipart/form-data')
  // Before anything touches request.body: under @hono/node-server that starts reading the socket into a web stream.
  const body = bodyStream(request)
  if (!body) throw badRequest('The upload is empty')
  const { stream: source, ownChunks } = body

  const files: Record<string, ReceivedFile> = {}
  const fields: Record<string, string> = {}
  const pending: Promise<void>[] = []
  let failure: unknown = null
  const fail = (err: unknown) => {
    failure ??= err
  }

  let parser: BusboyInstance
  try {
    parser = Busboy({
      headers: { 'content-type': contentType },
      highWaterMark: UPLOAD_HWM,
      fileHwm: UPLOAD_HWM,
      limits: {
        files: Object.keys(rules).length,
        fields: fieldNames.length + 5,
        fieldSize: 10_000,
        parts: Object.keys(rules).length + fieldNames.length + 5,
      },
    })
  } catch {
    throw badRequest('Malformed multipart body')
  }

  // The parser does not end the part it is in when it is destroyed: an interrupted body ends it here.
  const open = new Set<BusboyFileStream>()
  const finished = new Promise<void>((resolve) => {
    parser.on('file', (name, stream, filename) => {
      const rule = rules[name]
      if (!rule || files[name] || failure) {
        if (!failure) fail(badRequest(rule ? `Only one ${name} file may be sent` : `Unexpected file field '${name}'`))
        stream.resume()
        return
      }
      const inspector = new Inspector(name, rule, ownChunks)
      const originalName = sanitizeFileName(filename)
      const entry: ReceivedFile = { key: null, buffer: null, size: 0, contentType: '', originalName }
      files[name] = entry
      // Keep draining the part even after a failure, so the parser reaches the end of the body.
      // A part cut off by the end of the body (truncated or interrupted upload): pipe() does not pass the
      // error on, so end the inspector with it, or the store would wait for the rest of the part forever.
      stream.on('error', (err) => {
        fail(badRequest(`Malformed multipart body: ${err.message}`))
        inspector.destroy(err)
      })
      open.add(stream)
      stream.on('end', () => open.delete(stream))
      const piped = stream.pipe(inspector)
      inspector.on('error', () => stream.resume())
      const work = rule.inMemory
        ? collect(piped).then((buffer) => {
            entry.buffer = buffer
          })
        : (async () => {
            // A random key: the uploader's file name never becomes a storage path.
            const key = randomUUID().replaceAll('-', '')
            await store.put(key, piped, 'application/octet-stream')
            entry.key = key
          })()
      pending.push(
        work
          .then(() => {
            entry.size = inspector.size
            entry.contentType = inspector.sniffed!.contentType
          })
          .catch(fail),
      )
    })
    parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
      if (valueTruncated) fail(badRequest(`${name} is too long`))
      else if (fieldNames.includes(name)) fields[name] = value
    })
    parser.on('filesLimit', () => fail(badRequest('Too many files in the upload')))
    parser.on('partsLimit', () => fail(badRequest('Too many parts in the upload')))
    parser.on('error', (err) => {
      fail(badRequest(`Malformed multipart body: ${(err as Error).message}`))
      resolve()
    })
    parser.on('finish', () => resolve())
    parser.on('close', () => resolve())
  })

  source.on('error', (err) => {
    fail(badRequest(`The upload was interrupted: ${err.message}`))
    parser.destroy()
    for (const stream of open) stream.destroy(err)
  })
  source.pipe(parser)
  await finished
  await Promise.allSettled(pending)

  if (!failure) {
    for (const [name, rule] of Object.entries(rules)) {
      if (rule.required && !files[name]) fail(badRequest(`${name} file is required`, { [name]: 'Required' }))
    }
  }
  if (failure) {
    await discard(store, Object.values(files))
    throw failure
  }
  return { files, fields }
}

export async function discard(store: BlobStore, files: ReceivedFile[]) {
  await Promise.allSettled(files.filter((f) => f.key).map((f) => store.delete(f.key!)))
}
