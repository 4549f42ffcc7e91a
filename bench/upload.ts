/**
 * Benchmark: a 1 GiB video uploaded through the real server as one streamed multipart POST, next to copying
 * the same file on the same disk in the same run.
 *
 *   npm run bench:upload          (or: node bench/upload.ts, with Node 24)
 *
 * Options through the environment: BENCH_UPLOAD_MIB (1024), BENCH_DIR (a directory on the disk to measure;
 * the system temporary directory by default). See bench/README.md for how to read the figures.
 */
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { copyFile, open, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { DATABASE_LABEL, MiB, cpuOf, createSubTopics, rssOf, startServer } from './support.ts'
import { mp4Head } from '../server/test/clips.ts'

const SIZE = Number(process.env.BENCH_UPLOAD_MIB ?? 1024) * MiB
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a6e2f3b60000000049454e44ae426082',
  'hex',
)

/** A valid MP4 clip, then pseudo-random bytes (not zeros: nothing on the way gets to compress or skip them). */
async function writeSource(file: string) {
  const handle = await open(file, 'w')
  const block = Buffer.alloc(4 * MiB)
  let x = 0x9e3779b9
  for (let i = 0; i < block.length; i += 4) {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    block.writeInt32LE(x | 0, i)
  }
  // a real clip whose padding box declares the rest of the file: the server reads every video's duration
  mp4Head(SIZE).copy(block)
  for (let written = 0; written < SIZE; written += block.length) await handle.write(block, 0, Math.min(block.length, SIZE - written))
  await handle.close()
}

/** Dirty and under-writeback page-cache bytes, and the level from which the kernel makes writers wait for the disk. */
function dirtyState(): { pending: number; limit: number } | null {
  try {
    const info = readFileSync('/proc/meminfo', 'utf8')
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(info)?.[1] ?? 0) * 1024
    // Pacing starts halfway between the background and the hard ratio (the kernel's 'freerun' point).
    const ratio =
      (Number(readFileSync('/proc/sys/vm/dirty_ratio', 'utf8')) + Number(readFileSync('/proc/sys/vm/dirty_background_ratio', 'utf8'))) / 2
    return { pending: kib('Dirty') + kib('Writeback'), limit: (kib('MemAvailable') * ratio) / 100 }
  } catch {
    return null
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return (performance.now() - started) / 1000
}

/** CPU seconds the processes used while `run` ran, all threads and main thread, by process. */
async function cpuWhile<T>(pids: Record<string, number>, run: () => Promise<T>): Promise<{ result: T; cpu: Record<string, string> }> {
  const before = Object.entries(pids).map(([name, pid]) => [name, pid, cpuOf(pid)] as const)
  const result = await run()
  const cpu: Record<string, string> = {}
  for (const [name, pid, start] of before) {
    const end = cpuOf(pid)
    if (start && end) cpu[name] = `${(end.all - start.all).toFixed(2)} s (main thread ${(end.main - start.main).toFixed(2)} s)`
  }
  return { result, cpu }
}

/** Buffers the client reads the file into, each reused once the socket has taken its bytes; 4 MiB in flight. */
const CLIENT_BUFFERS = 4

/**
 * Sends `file` as the `video` part (and a 1×1 PNG as `thumbnail`) of a multipart POST; answers status and body.
 *
 * The client is the measuring tool, not the product: it sends the way a browser does, reading the file ahead into
 * a few buffers it reuses (each one again once the socket has taken its bytes). A read stream piped into the
 * request, as before, read the next MiB only once the socket had drained and into a fresh buffer each time: the
 * client used 2.2 to 2.6 s of CPU per GiB (collecting those buffers, and the kernel mapping fresh pages for each)
 * against 0.4 to 0.6 s now, and its send queue was empty in most samples while the server waited for bytes.
 */
async function uploadFile(base: string, token: string, subTopicId: number, file: string): Promise<{ status: number; body: string }> {
  const boundary = `----learnpack-bench-${Date.now()}`
  const thumbnail = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="thumbnail"; filename="thumb.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from('\r\n'),
  ])
  const videoHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="bench.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const length = thumbnail.length + videoHead.length + statSync(file).size + tail.length
  const url = new URL(`/api/videos/upload/${subTopicId}`, base)
  const req = request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(length),
    },
  })
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
  })
  // Settles once the socket has taken the chunk (or failed: the request's 'error' then rejects the answer).
  const send = (chunk: Buffer) => new Promise<void>((resolve) => req.write(chunk, () => resolve()))
  const sent = (async () => {
    const handle = await open(file, 'r')
    try {
      const buffers = Array.from({ length: CLIENT_BUFFERS }, () => Buffer.allocUnsafeSlow(MiB))
      const taken: Promise<void>[] = [send(thumbnail), send(videoHead)]
      for (let i = 0; !req.destroyed; i++) {
        const slot = i % buffers.length
        await taken[slot] // the socket has the bytes last sent from this buffer
        const { bytesRead } = await handle.read(buffers[slot]!, 0, MiB, null)
        if (bytesRead === 0) break
        taken[slot] = send(buffers[slot]!.subarray(0, bytesRead))
      }
      req.end(tail)
    } finally {
      await handle.close()
    }
  })()
  // A failed send ends the request; the answer (or its error) is what the caller waits for.
  sent.catch((err: Error) => req.destroy(err))
  return answer
}

async function main() {
  const parent = mkdtempSync(path.join(process.env.BENCH_DIR ?? tmpdir(), 'learnpack-bench-upload-'))
  const source = path.join(parent, 'source.mp4')
  const copy = path.join(parent, 'copy.mp4')
  let server: Awaited<ReturnType<typeof startServer>> | undefined
  let dirtySampler: ReturnType<typeof setInterval> | undefined
  let reportDirty = () => {}
  try {
    // The kernel throttles every writer to the disk's pace once dirty pages pass vm.dirty_ratio: then a copy
    // measures the disk (and whoever else writes to it), not the copy. Watched through the whole run.
    let peakDirty = dirtyState()?.pending ?? 0
    dirtySampler = setInterval(() => (peakDirty = Math.max(peakDirty, dirtyState()?.pending ?? 0)), 50)
    reportDirty = () => {
      const state = dirtyState()
      if (!state) return
      console.log(
        `page cache: peak dirty + writeback ${Math.round(peakDirty / MiB)} MiB during the run; writers are paced by the disk from about ${Math.round(state.limit / MiB)} MiB (vm.dirty_background_ratio and vm.dirty_ratio)`,
      )
      if (peakDirty > state.limit * 0.8)
        console.warn('The run came near the throttle: the copies and the upload were paced by the disk, so the ratios say little.')
    }
    console.log(`Writing a ${SIZE / MiB} MiB source file under ${parent}…`)
    await writeSource(source)

    let copyCpu: Record<string, string> = {}
    const streamCopy = async () => {
      try {
        const { result, cpu } = await cpuWhile({ 'stream copy': process.pid }, () =>
          timed(() => pipeline(createReadStream(source, { highWaterMark: MiB }), createWriteStream(copy))),
        )
        copyCpu = cpu
        return result
      } finally {
        await rm(copy, { force: true })
      }
    }
    const kernelCopy = () => timed(() => copyFile(source, copy)).finally(() => rm(copy, { force: true }))

    server = await startServer({ parentDir: parent })
    const [subTopicId] = await createSubTopics(server, 1)
    console.log(`Server up on ${server.base} (${DATABASE_LABEL}, local disk store, Node ${process.version}).`)

    // Baselines before and after the upload; their mean is the reference (the machine may change speed in between).
    const before = { stream: await streamCopy(), kernel: await kernelCopy() }

    const pid = server.child.pid!
    await new Promise((r) => setTimeout(r, 1000))
    const idleRss = rssOf(pid) ?? 0
    let peakRss = idleRss
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf(pid) ?? 0)
    }, 20)
    let answer: { status: number; body: string } | undefined
    const { result: uploadSeconds, cpu: uploadCpu } = await cpuWhile({ server: pid, client: process.pid }, () =>
      timed(async () => {
        answer = await uploadFile(server!.base, server!.token, subTopicId!, source)
      }),
    ).finally(() => clearInterval(sampler))
    if (answer!.status !== 201) throw new Error(`Upload answered ${answer!.status}: ${answer!.body.slice(0, 500)}`)
    const video = (JSON.parse(answer!.body) as { data: { url: string } }).data
    const head = await fetch(`${server.base}${video.url}`, { method: 'HEAD' })
    if (Number(head.headers.get('content-length')) !== SIZE) throw new Error(`Stored size ${head.headers.get('content-length')} ≠ ${SIZE}`)

    const after = { stream: await streamCopy(), kernel: await kernelCopy() }
    const streamSeconds = (before.stream + after.stream) / 2
    const kernelSeconds = (before.kernel + after.kernel) / 2
    const rate = (seconds: number) => SIZE / MiB / seconds

    const row = (seconds: number) => ({ 'MiB/s': Math.round(rate(seconds)), seconds: +seconds.toFixed(2) })
    console.table({
      'upload through the server': row(uploadSeconds),
      'stream copy (read → write stream), before': row(before.stream),
      'stream copy, after': row(after.stream),
      'stream copy, mean (the reference)': row(streamSeconds),
      'fs.copyFile (in the kernel), before': row(before.kernel),
      'fs.copyFile, after': row(after.kernel),
      'fs.copyFile, mean': row(kernelSeconds),
    })
    console.log(`ratio upload/stream copy:   ${(streamSeconds / uploadSeconds).toFixed(3)}`)
    console.log(`ratio upload/fs.copyFile:   ${(kernelSeconds / uploadSeconds).toFixed(3)}`)
    reportDirty()
    console.log(
      `CPU during the upload: ${Object.entries(uploadCpu)
        .map(([name, used]) => `${name} ${used}`)
        .join(', ')}`,
    )
    console.log(`CPU during the last stream copy: ${Object.values(copyCpu).join('')}`)
    console.log(
      `server RSS: idle ${Math.round(idleRss / MiB)} MiB, peak ${Math.round(peakRss / MiB)} MiB, growth ${Math.round((peakRss - idleRss) / MiB)} MiB for a ${SIZE / MiB} MiB upload`,
    )
  } catch (err) {
    if (server) console.error(`Server output:\n${server.output()}`)
    throw err
  } finally {
    clearInterval(dirtySampler)
    await server?.stop()
    rmSync(parent, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
