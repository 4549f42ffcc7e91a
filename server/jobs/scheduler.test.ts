import { userPackages } from '../db/schema.ts'
import { insertTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { appJobs } from './app-jobs.ts'
import { type PeriodicJob, type Scheduler, startScheduler } from './engine.ts'

/** The scheduler over the worker's database: PGlite, or PostgreSQL when the suite runs on TEST_DATABASE_URL. */
const ctx = setupTestContext({ SCHEDULER_TICK_S: '1' })
const DAY = 86_400_000
let running: Scheduler[] = []

afterEach(async () => {
  await Promise.all(running.map((scheduler) => scheduler.stop()))
  running = []
})

const start = async (jobs: PeriodicJob[]) => {
  const scheduler = await startScheduler(ctx.database.jobStore, jobs)
  running.push(scheduler)
  return scheduler
}

/** Counts the runs of each job while it does the app's work. */
function counted(jobs: PeriodicJob[]) {
  const runs = new Map<string, number>()
  return {
    runs: (name: string) => runs.get(name) ?? 0,
    jobs: jobs.map((job) => ({
      ...job,
      run: () => {
        runs.set(job.name, (runs.get(job.name) ?? 0) + 1)
        return job.run()
      },
    })),
  }
}

describe('the job scheduler', () => {
  it(`on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: starting it runs the reminder tick, and later ticks send nothing twice`, async () => {
    const learner = await ctx.createUser()
    const pkg = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'Ladders' })
    await ctx.deps.db
      .insert(userPackages)
      .values({ userId: learner.user.id, packageId: pkg.packageId, dueAt: new Date(ctx.now.getTime() - 2 * DAY) })

    const app = counted(appJobs(ctx.deps))
    await start(app.jobs)
    await vi.waitFor(() => expect(ctx.outbox).toHaveLength(1), { timeout: 30_000, interval: 100 })
    expect(ctx.outbox[0]!.subject).toMatch(/^'Ladders package' was due on /)
    // Two more ticks have run: still one reminder.
    const after = app.runs('reminders')
    await vi.waitFor(() => expect(app.runs('reminders')).toBeGreaterThanOrEqual(after + 2), { timeout: 30_000, interval: 100 })
    expect(ctx.outbox).toHaveLength(1)
    expect(app.runs('expired-sittings')).toBeGreaterThan(0)
  })

  it('two schedulers over one database run the job once per period between them', async () => {
    const periods: number[] = []
    const job: PeriodicJob = { name: 'test-once-per-period', everySeconds: 1, run: async () => void periods.push(Date.now()) }
    await Promise.all([start([job]), start([job])])
    await vi.waitFor(() => expect(periods.length).toBeGreaterThanOrEqual(4), { timeout: 30_000, interval: 100 })
    const stopped = Date.now()
    await Promise.all(running.map((scheduler) => scheduler.stop()))
    running = []
    // Two instances asking every second for about (stopped - first) seconds: about one run a second, never two.
    const seconds = Math.ceil((stopped - periods[0]!) / 1000) + 1
    expect(periods.length).toBeLessThanOrEqual(seconds + 1)
  })

  it('a run that throws is logged, and the next period runs again', async () => {
    let calls = 0
    const errors: unknown[] = []
    const log = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    try {
      await start([
        {
          name: 'test-failing',
          everySeconds: 1,
          run: async () => {
            calls++
            if (calls === 1) throw new Error('first run fails')
          },
        },
      ])
      await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 100 })
    } finally {
      console.error = log
    }
    expect(errors.map((args) => JSON.parse((args as string[])[0]!))).toContainEqual({
      level: 'error',
      msg: 'job test-failing failed',
      error: 'first run fails',
    })
  })
})
