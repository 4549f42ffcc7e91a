import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { AppError } from '../http/errors.ts'
import type { RowBatches, RowLimit, SheetFormat, SheetRows, SheetWorkerAnswer, SheetWorkerJob } from './xlsx.ts'

// From the module's own path: Vite rewrites `new URL('./…', import.meta.url)` under the SPA tests.
const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sheet-worker.ts')
const WORKER_HEAP_MB = 256

interface PendingRead {
  batches?: RowBatches
  resolve(sheet: SheetRows): void
  reject(err: Error): void
}

let worker: Worker | undefined
let pending: PendingRead | undefined
let queue: Promise<unknown> = Promise.resolve()

/**
 * Reads a spreadsheet (or a CSV file) in a worker thread, so the server keeps answering every other request meanwhile (a big
 * sheet takes seconds of parsing). One worker is started on the first import and kept: starting a thread and
 * loading exceljs again cost more than reading a 5,000-row sheet. Reads queue and run one at a time. The
 * worker's memory is capped; a sheet that needs more is refused with a 413 and the next read starts a new worker.
 * With `batches`, the rows of an .xlsx are handed over in batches as they are read, and the answer holds the rest.
 */
export function readSheetOffThread(buffer: Buffer, format: SheetFormat, limit: RowLimit, batches?: RowBatches): Promise<SheetRows> {
  const read = queue.then(() => readOnWorker(buffer, format, limit, batches))
  queue = read.catch(() => undefined)
  return read
}

function readOnWorker(buffer: Buffer, format: SheetFormat, limit: RowLimit, batches?: RowBatches): Promise<SheetRows> {
  return new Promise((resolve, reject) => {
    const thread = sheetWorker()
    thread.ref()
    pending = {
      batches,
      resolve: (sheet) => {
        thread.unref()
        resolve(sheet)
      },
      reject: (err) => {
        thread.unref()
        reject(err)
      },
    }
    const file = new Uint8Array(buffer) // a copy with its own ArrayBuffer, handed over to the worker without another copy
    thread.postMessage({ file, format, limit, batchRows: batches?.rows } satisfies SheetWorkerJob, [file.buffer])
  })
}

/** Settles the read in flight (there is at most one). */
function settle(outcome: { sheet: SheetRows } | { error: Error }) {
  const read = pending
  pending = undefined
  if (!read) return
  if ('sheet' in outcome) read.resolve(outcome.sheet)
  else read.reject(outcome.error)
}

function sheetWorker(): Worker {
  if (worker) return worker
  const thread = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } })
  thread.on('message', (answer: SheetWorkerAnswer) => {
    if ('batch' in answer) pending?.batches?.hand(answer.batch)
    else if ('sheet' in answer) settle(answer)
    else if ('error' in answer)
      settle({ error: new AppError(answer.error.status, answer.error.message, { details: answer.error.details }) })
    else settle({ error: new Error(`The spreadsheet reader failed: ${answer.failure}`) })
  })
  thread.on('error', (err: Error & { code?: string }) => {
    if (worker === thread) worker = undefined
    settle({
      error:
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError(413, 'The spreadsheet needs too much memory to read; split it into smaller files')
          : err,
    })
  })
  thread.on('exit', () => {
    if (worker === thread) worker = undefined
    settle({ error: new Error('The spreadsheet reader stopped without an answer') })
  })
  thread.unref() // kept alive only while it reads (see readOnWorker); after the listeners, as adding one refs again
  worker = thread
  return thread
}
