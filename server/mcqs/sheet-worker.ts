/** The worker thread that reads an uploaded spreadsheet (see readSheetOffThread in xlsx.ts). */
import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '../http/errors.ts'
import { readQuestionRows, type SheetWorkerAnswer } from './xlsx.ts'

const { file, maxRows } = workerData as { file: Uint8Array; maxRows: number }

let answer: SheetWorkerAnswer
try {
  answer = { sheet: await readQuestionRows(Buffer.from(file.buffer, file.byteOffset, file.byteLength), maxRows) }
} catch (err) {
  if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 413)) throw err
  answer = { error: { status: err.status, message: err.message, details: err.details } }
}
parentPort!.postMessage(answer)
