import type { Db } from './client.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Carries a dry run's answer out of the transaction it rolls back. */
class DryRunRollback<T> extends Error {
  readonly answer: T
  constructor(answer: T) {
    super('dry run: rolled back')
    this.answer = answer
  }
}

/**
 * Runs `work` in one transaction; with `dryRun` the transaction is rolled back after `work` has done
 * everything, so a dry run answers exactly what the real run would (the same statements ran) and leaves nothing.
 */
export async function transactionOrDryRun<T>(db: Db, dryRun: boolean, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      const answer = await work(tx)
      if (dryRun) throw new DryRunRollback(answer)
      return answer
    })
  } catch (err) {
    if (err instanceof DryRunRollback) return err.answer as T
    throw err
  }
}
