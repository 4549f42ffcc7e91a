import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { type Server, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PNG, mp4Head } from '../test/media.ts'
import { createLocalStore } from './local-store.ts'
import { type FileRule, type ReceivedUpload, type UploadRequest, receiveUpload } from './multipart.ts'

const BOUNDARY = 'socket-test-boundary'
const RULES: Record<string, FileRule> = {
  video: { kind: 'video', maxBytes: 64 * 1024 * 1024, required: true },
  thumbnail: { kind: 'image', maxBytes: 1024 * 1024, required: true },
}

/** An MP4 header, then random bytes up to `size`. */
function randomVideo(size: number): Buffer {
  const head = mp4Head(size)
  return Buffer.concat([head, randomBytes(size - head.length)])
}

/** A video, then the thumbnail, then a field: the parts share the socket's reads. */
function body(video: Buffer): Buffer {
  const part = (name: string, filename: string, type: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from('\r\n'),
    ])
  return Buffer.concat([
    part('video', 'v.mp4', 'video/mp4', video),
    part('thumbnail', 't.png', 'image/png', PNG),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="title"\r\n\r\nOver a socket\r\n--${BOUNDARY}--\r\n`),
  ])
}

let dir: string
let server: Server
let received: (request: UploadRequest) => Promise<ReceivedUpload>
beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'learnpack-upload-socket-'))
  const store = createLocalStore(dir)
  received = (request) => receiveUpload(request, store, RULES, ['title'])
  server = createServer((req, res) => {
    const raw = new Request('http://localhost/', { method: 'POST', headers: { 'content-type': req.headers['content-type']! } })
    received({ raw, incoming: req }).then(
      (upload) => res.end(JSON.stringify(upload)),
      (err: Error) => res.writeHead(500).end(err.message),
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})
afterEach(async () => {
  vi.restoreAllMocks()
  await new Promise((resolve) => server.close(resolve))
  rmSync(dir, { recursive: true, force: true })
})

/** Sends the bytes in writes of uneven sizes, so the server's reads start and end anywhere in the parts. */
function post(bytes: Buffer): Promise<{ status: number; text: string }> {
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    const req = request({
      port,
      host: '127.0.0.1',
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    })
    req.on('response', (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, text }))
    })
    req.on('error', reject)
    for (let at = 0, size = 1; at < bytes.length; at += size, size = (size * 7 + 13) % 200_000) req.write(bytes.subarray(at, at + size))
    req.end()
  })
}

const stored = (key: string) => readFileSync(path.join(dir, key.slice(0, 2), key))

describe('an upload read from the request socket', () => {
  it('stores every part byte for byte while the memory of its written chunks is handed back', async () => {
    const transfers = vi.spyOn(ArrayBuffer.prototype, 'transfer')
    const video = randomVideo(8 * 1024 * 1024)
    const res = await post(body(video))
    expect(res.status, res.text).toBe(200)
    const upload = JSON.parse(res.text) as ReceivedUpload
    expect(stored(upload.files.video!.key!).equals(video)).toBe(true)
    expect(stored(upload.files.thumbnail!.key!).equals(PNG)).toBe(true)
    expect(upload.fields).toEqual({ title: 'Over a socket' })
    expect(transfers.mock.calls.length).toBeGreaterThan(0)
  })

  it('never touches the memory of a body handed over as a web stream: its chunks may be the caller’s own', async () => {
    const transfers = vi.spyOn(ArrayBuffer.prototype, 'transfer')
    const video = randomVideo(1024 * 1024)
    const bytes = body(video)
    // Each chunk a block of memory of its own that the caller still holds (the video's chunks wholly inside its part).
    const chunks = [bytes.subarray(0, 200), ...Array.from({ length: 64 }, (_, i) => bytes.subarray(200 + i * 16384, 200 + (i + 1) * 16384))]
    const held = [...chunks, bytes.subarray(200 + 64 * 16384)].map((chunk) => {
      const own = Buffer.allocUnsafeSlow(chunk.length)
      chunk.copy(own)
      return own
    })
    const copies = held.map((chunk) => Buffer.from(chunk))
    const raw = new Request('http://localhost/', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body: new ReadableStream({
        start(controller) {
          for (const chunk of held) controller.enqueue(chunk)
          controller.close()
        },
      }),
      duplex: 'half',
    } as RequestInit)
    const upload = await received({ raw })
    expect(stored(upload.files.video!.key!).equals(video)).toBe(true)
    expect(held.every((chunk, i) => chunk.equals(copies[i]!))).toBe(true)
    expect(transfers).not.toHaveBeenCalled()
  })
})
