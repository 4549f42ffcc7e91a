import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { AppError } from '../http/errors.ts'

/** One scrypt derivation: the (normalised) password, the salt and the cost parameters. */
export interface KdfJob {
  password: string
  salt: Uint8Array
  n: number
  r: number
  p: number
  keyLength: number
}

export type KdfAnswer = { key: Uint8Array } | { failure: string }

/** Derives a key for a job; the pool below in the server, node:crypto's scrypt where nothing else runs (the seeds). */
export type Derive = (job: KdfJob) => Promise<Buffer>

/** Where requests hash passwords (`AppDeps.kdf`). */
export interface Kdf {
  derive: Derive
  /**
   * Refuses (503) at once when a derivation now would be: called before a route's database work, so a storm's
   * refusals cost the database nothing. It reserves nothing; `derive` still refuses past the queue.
   */
  assertCapacity(): void
}

export interface KdfPool extends Kdf {
  /** Stops the threads; jobs still waiting fail. */
  close(): Promise<void>
}

export const BUSY_MESSAGE = 'The server is busy with other sign-ins. Try again in a few seconds.'

/** A refusal for capacity (503): the password was never checked, so whatever counted the attempt must forget it. */
export class KdfBusyError extends AppError {
  constructor(retryAfterSeconds: number) {
    super(503, BUSY_MESSAGE, { headers: { 'Retry-After': String(retryAfterSeconds) } })
  }
}

// From the module's own path: Vite rewrites `new URL('./…', import.meta.url)` under the SPA tests.
const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'kdf-worker.ts')
/** The first guess of a derivation's time (scrypt N = 2^15 on one core), until the pool has measured its own. */
const FIRST_ESTIMATE_MS = 100

interface Task {
  job: KdfJob
  resolve(key: Buffer): void
  reject(err: Error): void
}

interface Slot {
  thread: Worker
  task: Task | null
  startedAt: number
}

/**
 * Password hashing on `threads` worker threads of its own with at most `queue` derivations waiting. scrypt is
 * memory-hard and takes about 100 ms of a core by design: on libuv's four-thread pool a burst of sign-ins took
 * every core and every libuv thread, and every other request waited behind it. Past the queue a derivation is
 * refused at once with a 503 and a Retry-After that says how long the queue now takes to clear.
 * Threads start on first use and do not keep the process alive while idle. They run at nice 10 unless `niceness`
 * says otherwise (kdf-worker.ts).
 */
export function createKdfPool(options: { threads: number; queue: number; niceness?: number }): KdfPool {
  const slots: Slot[] = []
  const waiting: Task[] = []
  let averageMs = FIRST_ESTIMATE_MS
  let closed = false

  function start(): Slot {
    const slot: Slot = { thread: new Worker(WORKER_FILE, { workerData: { niceness: options.niceness } }), task: null, startedAt: 0 }
    slot.thread.on('message', (answer: KdfAnswer) => finish(slot, answer))
    slot.thread.on('error', () => remove(slot))
    slot.thread.on('exit', () => remove(slot))
    slot.thread.unref() // after the listeners, as adding one refs again; run() refs it while it works
    slots.push(slot)
    return slot
  }

  function run(slot: Slot, task: Task) {
    slot.task = task
    slot.startedAt = performance.now()
    slot.thread.ref()
    slot.thread.postMessage(task.job)
  }

  function finish(slot: Slot, answer: KdfAnswer) {
    const task = slot.task
    slot.task = null
    slot.thread.unref()
    averageMs = 0.8 * averageMs + 0.2 * (performance.now() - slot.startedAt)
    if ('key' in answer) task?.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength))
    else task?.reject(new Error(`Password hashing failed: ${answer.failure}`))
    const next = waiting.shift()
    if (next) run(slot, next)
  }

  /** A thread that died (out of memory, terminated): its job fails, and a new thread takes the queue on. */
  function remove(slot: Slot) {
    const index = slots.indexOf(slot)
    if (index === -1) return
    slots.splice(index, 1)
    slot.task?.reject(new Error('The password hashing thread stopped'))
    slot.task = null
    const next = closed ? undefined : waiting.shift()
    if (next) run(start(), next)
  }

  /** Seconds until the queue as it stands now has been worked off: what a refused client waits before it asks again. */
  const retryAfterSeconds = () => Math.max(1, Math.ceil((averageMs * (waiting.length + slots.length)) / options.threads / 1000))

  const full = () => slots.length === options.threads && slots.every((slot) => slot.task) && waiting.length >= options.queue

  return {
    derive(job) {
      return new Promise<Buffer>((resolve, reject) => {
        if (closed) return reject(new Error('The password hashing pool is closed'))
        if (full()) return reject(new KdfBusyError(retryAfterSeconds()))
        const task: Task = { job, resolve, reject }
        const idle = slots.find((slot) => !slot.task) ?? (slots.length < options.threads ? start() : undefined)
        if (idle) run(idle, task)
        else waiting.push(task)
      })
    },
    assertCapacity() {
      if (full()) throw new KdfBusyError(retryAfterSeconds())
    },
    async close() {
      closed = true
      for (const task of waiting.splice(0)) task.reject(new Error('The password hashing pool is closed'))
      await Promise.all(slots.map((slot) => slot.thread.terminate()))
    },
  }
}

/**
 * Password work an attempt was counted for first (a throttle, a sign-in limit): a refusal for capacity is no
 * attempt (the password was never checked), so `forget` un-counts it before the 503 goes out.
 */
export async function forgottenIfBusy<T>(work: Promise<T>, forget: () => Promise<unknown>): Promise<T> {
  try {
    return await work
  } catch (err) {
    if (err instanceof KdfBusyError) await forget()
    throw err
  }
}
