/**
 * A thread of the password-hashing pool (kdf-pool.ts): derives one scrypt key per message, synchronously, so the
 * work runs on this thread and not on libuv's pool, which the server's other asynchronous work needs.
 */
import { scryptSync } from 'node:crypto'
import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import type { KdfAnswer, KdfJob } from './kdf-pool.ts'

/**
 * Below the main thread's priority (Linux: this thread only, by its own thread id): when the cores are contended,
 * answering requests goes first and sign-ins wait, rather than the other way round. Elsewhere it stays as it is.
 * The pool may ask for another niceness (the tests ask for none).
 */
const NICENESS = (workerData as { niceness?: number } | undefined)?.niceness ?? 10
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), NICENESS)
} catch {
  // No /proc (not Linux): the thread keeps the process's priority.
}

parentPort!.on('message', ({ password, salt, n, r, p, keyLength }: KdfJob) => {
  let answer: KdfAnswer
  try {
    answer = { key: scryptSync(password, salt, keyLength, { N: n, r, p, maxmem: 256 * n * r }) }
  } catch (err) {
    // The reason only (invalid parameters, out of memory): never the job, which holds a password.
    answer = { failure: (err as { code?: string }).code ?? 'unknown error' }
  }
  parentPort!.postMessage(answer)
})
