/**
 * A thread of the password-hashing pool (kdf-pool.ts): derives one scrypt key per message, synchronously, so the
 * work runs on this thread and not on libuv's pool, which the server's other asynchronous work needs.
 */
import { scryptSync } from 'node:crypto'
import { parentPort } from 'node:worker_threads'
import type { KdfAnswer, KdfJob } from './kdf-pool.ts'

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
