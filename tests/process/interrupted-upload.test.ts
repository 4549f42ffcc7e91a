/**
 * A server killed (SIGKILL) in the middle of video uploads, then started again over the same DATA_DIR: the
 * files on disk and the rows in the database must agree. No stored file without its row (the restart sweeps
 * it), no row without its file. The real server runs as a child process (`node server/index.ts`), as in
 * production; the uploads are sent over HTTP, one completed and one held at each stage when the server is killed.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '../../server/db/client.ts'
import { storedFiles, videos } from '../../server/db/schema.ts'
import { mp4, PNG, streamingMultipart } from '../../server/test/media.ts'
import { type RunningServer as Running, startServer, stopServer as stop } from './server-process.ts'

const ADMIN = { email: 'admin@example.com', password: 'admin-password' }
const VIDEO_BYTES = 1024 * 1024

const start = (dataDir: string) =>
  startServer({ DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })

async function call<T>(running: Running, method: string, urlPath: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await fetch(`${running.baseUrl}${urlPath}`, { method, headers, body: JSON.stringify(body) })
  const json = (await res.json()) as { data: T; message?: string }
  if (!res.ok) throw new Error(`${method} ${urlPath} → ${res.status}: ${json.message}`)
  return json.data
}

/** Signs in as the admin and creates a package with one sub-topic; answers the token and the sub-topic id. */
async function prepare(running: Running) {
  const { token } = await call<{ token: string }>(running, 'POST', '/api/oauth2/loginUser', ADMIN)
  const text = { description: 'For an interrupted upload', price: '1.00' }
  const pkg = await call<{ skills: { id: number }[] }>(
    running,
    'POST',
    '/api/packages/createPackage',
    { title: 'Uploads', ...text, skills: [{ title: 'Skill', ...text }] },
    token,
  )
  const topic = await call<{ subTopics: { id: number }[] }>(
    running,
    'POST',
    '/api/topic/addTopic',
    { skillId: pkg.skills[0]!.id, title: 'Topic', description: 'Topic', subTopics: [{ title: 'Sub-topic', description: 'Sub-topic' }] },
    token,
  )
  return { token, subTopicId: topic.subTopics[0]!.id }
}

/** Every file under DATA_DIR/files, temporary ones included, as paths relative to it. */
function filesOnDisk(dataDir: string): string[] {
  const root = path.join(dataDir, 'files')
  if (!existsSync(root)) return []
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort()
}

const storedBlob = (file: string) => !file.startsWith('.tmp')

async function waitFor(what: string, condition: () => boolean) {
  for (let i = 0; i < 600; i++) {
    if (condition()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`Timed out waiting for ${what}`)
}

type Stage = 'complete' | 'held during the video part' | 'held during the thumbnail part, the video stored'

/** Sends a video upload; a held one stops sending (a promise that never settles) where its stage begins. */
function sendUpload(running: Running, token: string, subTopicId: number, stage: Stage) {
  const hold = new Promise<never>(() => {})
  const video = mp4(VIDEO_BYTES)
  const body = streamingMultipart([
    { name: 'title', chunks: () => [new TextEncoder().encode(stage)] },
    {
      name: 'video',
      filename: 'lesson.mp4',
      type: 'video/mp4',
      chunks: async function* () {
        if (stage === 'held during the video part') {
          yield video.subarray(0, VIDEO_BYTES / 2)
          await hold
        }
        yield video
      },
    },
    {
      name: 'thumbnail',
      filename: 'thumb.png',
      type: 'image/png',
      chunks: async function* () {
        if (stage === 'held during the thumbnail part, the video stored') {
          yield PNG.subarray(0, 16)
          await hold
        }
        yield PNG
      },
    },
  ])
  return fetch(`${running.baseUrl}/api/videos/upload/${subTopicId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
    body: body.body,
    duplex: 'half',
  } as RequestInit)
}

describe('uploads interrupted by a killed server', () => {
  let dataDir: string
  let running: Running | undefined
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'learnpack-killed-upload-'))
  })
  afterAll(async () => {
    if (running) await stop(running, 'SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('killed with one upload complete and one held at each stage: after a restart, disk and database agree', {
    timeout: 240_000,
  }, async () => {
    running = await start(dataDir)
    const { token, subTopicId } = await prepare(running)
    const stored = () => filesOnDisk(dataDir).filter(storedBlob)
    const partial = () => filesOnDisk(dataDir).filter((f) => !storedBlob(f))

    expect((await sendUpload(running, token, subTopicId, 'complete')).status).toBe(201)
    expect(stored()).toHaveLength(2)
    // The connections die with the server.
    sendUpload(running, token, subTopicId, 'held during the thumbnail part, the video stored').catch(() => {})
    await waitFor('the held video to be stored', () => stored().length === 3)
    const partialsBefore = partial().length
    sendUpload(running, token, subTopicId, 'held during the video part').catch(() => {})
    await waitFor('the held video to be half written', () => partial().length > partialsBefore)
    await stop(running, 'SIGKILL')

    running = await start(dataDir)
    await stop(running, 'SIGTERM')
    running = undefined

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') })
    try {
      const rows = await database.db.select({ fileKey: videos.fileKey, thumbnailKey: videos.thumbnailKey }).from(videos)
      const keys = (await database.db.select({ key: storedFiles.key }).from(storedFiles)).map((r) => r.key).sort()
      expect(rows).toHaveLength(1)
      expect(keys).toEqual(rows.flatMap((r) => [r.fileKey, r.thumbnailKey]).sort())
      expect(partial()).toEqual([])
      expect(
        stored()
          .map((f) => path.basename(f))
          .sort(),
      ).toEqual(keys)
    } finally {
      await database.close()
    }
  })
})
