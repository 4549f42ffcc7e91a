import { type SQL, sql } from 'drizzle-orm'

/**
 * One array parameter (`$1::int[]`), where a plain `${values}` would become one parameter per value: a bulk
 * statement (`unnest(…)`, `= any(…)`) then stays one short text with a few parameters, whatever the row count.
 * With thousands of rows that is many times faster than `values (…), (…)` on the embedded database, and never
 * nears PostgreSQL's 65,535 parameters.
 */
export const intArray = (values: readonly number[]): SQL => sql`${sql.param(values)}::integer[]`
export const textArray = (values: readonly (string | null)[]): SQL => sql`${sql.param(values)}::text[]`
export const boolArray = (values: readonly boolean[]): SQL => sql`${sql.param(values)}::boolean[]`

/**
 * Lets the event loop turn between the statements of a long transaction. On the embedded database each statement
 * answers as a promise that settles at once, so a transaction of many statements would otherwise keep every other
 * request (and timer) waiting until it ends.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Rows one bulk statement of an import writes: on the embedded database about a tenth of a second of work. */
export const BULK_SLICE = 2500

/** Runs `write` on consecutive slices of `items`, letting the event loop turn before each: one long bulk write becomes a few short ones. */
export async function forEachSlice<T>(items: readonly T[], write: (slice: T[]) => Promise<unknown>, size = BULK_SLICE): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    await yieldToEventLoop()
    await write(items.slice(i, i + size))
  }
}

/** forEachSlice for writes that answer rows: the answers of every slice, in order. */
export async function mapSlices<T, R>(items: readonly T[], write: (slice: T[]) => Promise<R[]>, size = BULK_SLICE): Promise<R[]> {
  const answers: R[] = []
  await forEachSlice(items, async (slice) => answers.push(...(await write(slice))), size)
  return answers
}
