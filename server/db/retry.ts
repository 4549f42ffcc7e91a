/** PostgreSQL's codes for a transaction it rolled back to resolve a conflict: deadlock, serialization failure. */
const RETRYABLE_CODES = new Set(['40P01', '40001'])
const ATTEMPTS = 3

const sqlState = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null
  const code = e?.code ?? e?.cause?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * Runs a transaction again (at most 3 times in all) when PostgreSQL rolled it back to break a deadlock or a
 * serialization conflict: the other transaction went through, and this one, run again, will too. `work` must be
 * the whole transaction, so nothing of the failed run remains.
 */
export async function retryOnConflict<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (err) {
      const code = sqlState(err)
      if (attempt >= ATTEMPTS || !code || !RETRYABLE_CODES.has(code)) throw err
    }
  }
}
