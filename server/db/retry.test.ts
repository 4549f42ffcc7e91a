import { retryOnConflict } from './retry.ts'

const pgError = (code: string) => Object.assign(new Error(`postgres error ${code}`), { code })

/** A unit of work that fails with the given errors, one per run, then answers 'done'. */
function failing(...errors: Error[]) {
  const runs = { count: 0 }
  const work = async () => {
    const err = errors[runs.count++]
    if (err) throw err
    return 'done'
  }
  return { runs, work }
}

describe('retryOnConflict', () => {
  it('runs a transaction again after a deadlock or a serialization failure', async () => {
    const { runs, work } = failing(pgError('40P01'), pgError('40001'))
    await expect(retryOnConflict(work)).resolves.toBe('done')
    expect(runs.count).toBe(3)
  })

  it('recognises the code on a wrapped error (drizzle puts the driver error in `cause`)', async () => {
    const { runs, work } = failing(new Error('Failed query', { cause: pgError('40P01') }))
    await expect(retryOnConflict(work)).resolves.toBe('done')
    expect(runs.count).toBe(2)
  })

  it('gives up after three runs, with the last error', async () => {
    const { runs, work } = failing(pgError('40P01'), pgError('40P01'), pgError('40P01'), pgError('40P01'))
    await expect(retryOnConflict(work)).rejects.toThrow('40P01')
    expect(runs.count).toBe(3)
  })

  it('does not run again after any other error', async () => {
    const { runs, work } = failing(pgError('23505'))
    await expect(retryOnConflict(work)).rejects.toThrow('23505')
    expect(runs.count).toBe(1)
  })
})
