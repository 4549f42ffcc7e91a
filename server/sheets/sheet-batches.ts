import { readSheetOffThread } from './sheet-reader.ts'
import type { RowLimit, SheetFormat, SheetRows } from './xlsx.ts'

/**
 * Reads a sheet in the sheet worker and hands its rows to `handle` in batches of `batchRows` while the worker reads
 * on: one batch at a time, in order, the rest of the rows last (every call gets the header). The caller's work on a
 * batch (checks, inserts) thus overlaps the reading of the next instead of waiting for the whole file. Resolves once
 * every row is handled. Rejects with the read's error, else the first handler's (no batch is handled after a failed
 * one), and only when the read and the handler running have both ended, so the caller may roll back at once.
 */
export async function readSheetInBatches(
  buffer: Buffer,
  format: SheetFormat,
  limit: RowLimit,
  batchRows: number,
  handle: (batch: SheetRows) => Promise<void>,
): Promise<void> {
  let handled = Promise.resolve()
  let failure: { error: unknown } | undefined
  const hand = (batch: SheetRows) => {
    handled = handled
      .then(() => (failure ? undefined : handle(batch)))
      .catch((error: unknown) => {
        failure ??= { error }
      })
  }
  let rest: SheetRows
  try {
    rest = await readSheetOffThread(buffer, format, limit, { rows: batchRows, hand })
  } finally {
    await handled
  }
  hand(rest)
  await handled
  if (failure) throw failure.error
}
