/**
 * The long-lived worker thread that reads uploaded spreadsheets and CSV files (see readSheetOffThread in
 * sheet-reader.ts): it loads exceljs once, then answers one file per message, in order, until the server stops
 * (with batches of rows before the answer when the job asks for them).
 */
import { parentPort } from 'node:worker_threads'
import { AppError } from '../http/errors.ts'
import { readCsvRows } from './csv.ts'
import { readXlsxRows, type SheetRows, type SheetWorkerAnswer, type SheetWorkerJob } from './xlsx.ts'

parentPort!.on('message', async ({ file, format, limit, batchRows }: SheetWorkerJob) => {
  let answer: SheetWorkerAnswer
  try {
    const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength)
    const batches = batchRows ? { rows: batchRows, hand: (batch: SheetRows) => post({ batch }) } : undefined
    answer = { sheet: format === 'csv' ? readCsvRows(buffer, limit) : await readXlsxRows(buffer, limit, batches) }
  } catch (err) {
    answer =
      err instanceof AppError && (err.status === 400 || err.status === 413)
        ? { error: { status: err.status, message: err.message, details: err.details } }
        : { failure: err instanceof Error ? (err.stack ?? err.message) : String(err) }
  }
  post(answer)
})

const post = (answer: SheetWorkerAnswer) => parentPort!.postMessage(answer)
