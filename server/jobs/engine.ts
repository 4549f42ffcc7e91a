import { PgBoss, fromPglite } from 'pg-boss'
import type { JobStore } from '../db/client.ts'

/** Work to run every `everySeconds`, once per period across every instance over the database. */
export interface PeriodicJob {
  /** The queue's name: letters, digits and hyphens. */
  name: string
  everySeconds: number
  run(): Promise<unknown>
}

export interface Scheduler {
  /** Stops asking for periods, lets a running job finish (up to 10 s), and lets go of the database. */
  stop(): Promise<void>
}

const log = (level: 'error' | 'warn', msg: string, detail: unknown) =>
  console[level](JSON.stringify({ level, msg, error: detail instanceof Error ? detail.message : String(detail) }))

/**
 * pg-boss over the app's database: on PostgreSQL in its own schema, over its own pool; on PGlite through the
 * library's PGlite adapter, on the app's one connection (pg-boss's own `backend: 'pglite'` profile).
 */
function createBoss(store: JobStore): PgBoss {
  const common = { schedule: false, registerInstance: false, openTelemetry: { enabled: false } } as const
  return store.kind === 'pglite'
    ? new PgBoss({ ...common, db: fromPglite(store.client), backend: 'pglite', schema: 'pgboss' })
    : new PgBoss({ ...common, connectionString: store.connectionString, schema: store.schema, max: 3 })
}

/**
 * Starts the job engine and each periodic job. Every instance asks for a run each period with a singleton key and
 * `singletonSeconds` equal to the period: pg-boss keeps one job per key and time slot, so one run per period
 * happens across all instances, on whichever instance's worker fetches it first. A run that fails is not retried:
 * the next period runs the same work again, and each job is safe to repeat.
 */
export async function startScheduler(store: JobStore, jobs: readonly PeriodicJob[]): Promise<Scheduler> {
  const boss = createBoss(store)
  boss.on('error', (err) => log('error', 'job engine error', err))
  boss.on('warning', (warning) => log('warn', 'job engine warning', (warning as { message?: string }).message ?? warning))
  await boss.start()

  const timers: NodeJS.Timeout[] = []
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      // One waiting and one running at most: a slow run never piles periods up behind it.
      policy: 'stately',
      retryLimit: 0,
      expireInSeconds: Math.max(60, job.everySeconds * 10),
      deleteAfterSeconds: Math.max(3600, job.everySeconds * 2),
    })
    await boss.work(job.name, { pollingIntervalSeconds: Math.min(15, Math.max(0.5, job.everySeconds / 4)) }, async () => {
      try {
        await job.run()
      } catch (err) {
        log('error', `job ${job.name} failed`, err)
        throw err
      }
    })
    const ask = () =>
      boss
        .send(job.name, {}, { singletonKey: job.name, singletonSeconds: job.everySeconds })
        .catch((err: unknown) => log('error', `could not queue ${job.name}`, err))
    await ask()
    const timer = setInterval(() => void ask(), job.everySeconds * 1000)
    timer.unref()
    timers.push(timer)
  }

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer)
      await boss.stop({ graceful: true, timeout: 10_000 })
    },
  }
}
