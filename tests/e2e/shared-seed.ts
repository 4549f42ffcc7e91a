import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { request as api } from '@playwright/test'
import { seedForA11y, type A11ySeed } from './a11y-seed.ts'

/**
 * The axe sweep's seed, made once per run: every worker's sweep tests and the CSP spec read the same one. Whoever asks
 * first makes it and writes it to the run's shared directory (E2E_SHARED_DIR, see run.ts); the others wait for that
 * file. Making it takes minutes (two dozen sign-ups, uploads, a renewal the scheduler begins): the CSP spec, among the
 * journeys, usually asks first, so it is made while the other workers go on with the journeys.
 */
export async function sharedA11ySeed(): Promise<A11ySeed> {
  const dir = process.env.E2E_SHARED_DIR
  if (!dir) throw new Error('E2E_SHARED_DIR is not set: run the journeys with `npm run test:e2e`.')
  const file = path.join(dir, 'a11y-seed.json')
  const failed = path.join(dir, 'a11y-seed.failed')
  try {
    // mkdir is atomic: exactly one caller of the run gets to make the seed.
    mkdirSync(path.join(dir, 'a11y-seed.lock'))
  } catch {
    return waitForSeed(file, failed)
  }
  try {
    // A request context of its own, without a ceiling per request (the caller's hook timeout bounds the whole): the
    // sweep's 10 s action timeout would apply to the fixture's, and on a loaded machine a sign-in (password hashing on
    // a thread at nice 10) took longer than that.
    const request = await api.newContext({ baseURL: process.env.E2E_BASE_URL, timeout: 0 })
    const seed = await seedForA11y(request).finally(() => request.dispose())
    writeFileSync(`${file}.partial`, JSON.stringify(seed))
    renameSync(`${file}.partial`, file)
    return seed
  } catch (error) {
    writeFileSync(failed, error instanceof Error ? error.message : String(error))
    throw error
  }
}

/** Waits for the seed another worker is making (the caller's hook timeout bounds the wait). */
async function waitForSeed(file: string, failed: string): Promise<A11ySeed> {
  for (;;) {
    const seed = readIfThere(file)
    if (seed) return JSON.parse(seed) as A11ySeed
    const failure = readIfThere(failed)
    if (failure !== undefined) throw new Error(`The shared a11y seed failed in another worker: ${failure}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

function readIfThere(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
