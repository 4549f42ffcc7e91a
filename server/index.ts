// First: it may restart the process with lower-memory settings before anything else loads.
import './memory-tuning.ts'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { openDatabase } from './db/client.ts'
import { createApp } from './app.ts'
import { createContentApp } from './scorm/content-app.ts'
import { remoteGoogleKeys } from './auth/google.ts'
import { createTokenService, resolveJwtSecret } from './auth/tokens.ts'
import { DEFAULT_COST } from './auth/passwords.ts'
import { createKdfPool } from './auth/kdf-pool.ts'
import { createMailer } from './mail/mailer.ts'
import { createStore } from './storage/create-store.ts'
import { createMediaUrls } from './storage/media-urls.ts'
import { createRuntimeTokens } from './scorm/runtime-token.ts'
import { ensureAdmin } from './seed/admin.ts'
import { seedDemo } from './seed/demo.ts'
import { startPeriodicSweep, sweepStore } from './storage/sweep.ts'
import { removeStaleSheetFiles } from './mcqs/stale-sheet-files.ts'
import { backfillVideoDurations } from './videos/duration.ts'
import { startScheduler } from './jobs/engine.ts'
import { appJobs } from './jobs/app-jobs.ts'
import type { AppDeps } from './deps.ts'
import { keepIdleConnections } from './http/keep-alive.ts'

/** The only place that reads the environment and starts listening. */
async function main() {
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  mkdirSync(config.dataDir, { recursive: true })

  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: path.join(config.dataDir, 'pglite') },
  )
  const store = await createStore(config)
  // Instances started at once over one PostgreSQL database prepare it one after the other: one migrates, one
  // seeds the demo (the next finds users and seeds nothing), the admin is created once.
  await database.withStartupLock(async () => {
    await database.migrate()

    // Half-written uploads of an earlier run, files stored by an upload that died before its row was written,
    // and files whose rows were deleted just before a crash.
    await sweepStore({ db: database.db, store }, new Date(), { atStartup: true })
    // Worksheets earlier versions' spreadsheet reader left in the system's temporary folder.
    await removeStaleSheetFiles()

    // Demo data first: it only fills an empty install, and the admin below must not make it look non-empty.
    if (config.seedDemo) {
      const demo = await seedDemo(database.db, config.dataDir, DEFAULT_COST, store)
      if (demo) {
        console.log(
          `Demo data seeded. Sign in as admin ${demo.admin.email} / ${demo.admin.password} or learner ${demo.learner.email} / ${demo.learner.password}`,
        )
      }
    }

    // Videos stored before durations were read at upload get theirs now (once: later runs find none missing).
    const durations = await backfillVideoDurations({ db: database.db, store })
    if (durations.updated || durations.unreadable) {
      console.log(`Video durations: ${durations.updated} read, ${durations.unreadable} unreadable (shown as 0 s).`)
    }

    if (config.admin) {
      const outcome = await ensureAdmin(database.db, config.admin, DEFAULT_COST)
      console.log(`Admin ${config.admin.email} ${outcome}.`)
    }
  })

  const clock = () => new Date()
  const stopSweeping = startPeriodicSweep({ db: database.db, store }, clock)
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir)
  const kdf = createKdfPool(config.passwordHashing)
  const deps: AppDeps = {
    config,
    db: database.db,
    clock,
    googleKeys: remoteGoogleKeys(config.google.jwksUrl),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') }),
    tokens: createTokenService(jwtSecret, config.jwtTtlSeconds, clock),
    store,
    fileUrls: createMediaUrls(config, jwtSecret),
    scormTokens: createRuntimeTokens(jwtSecret, clock),
    passwordCost: DEFAULT_COST,
    kdf,
    staticDir: fileURLToPath(new URL('../dist', import.meta.url)),
  }
  const app = createApp(deps)
  // Reminders, expired sittings and pruning, once per period across every instance (server/jobs).
  const scheduler = await startScheduler(database.jobStore, appJobs(deps))

  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    console.log(`Learnpack is running at http://localhost:${info.port} (${database.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'})`)
  })
  keepIdleConnections(server)
  // SCORM packages play on another origin than the app's (server/scorm/content-app.ts): this port, behind it.
  const contentPort = config.scormContent.port
  const contentServer =
    contentPort === null
      ? null
      : serve({ fetch: createContentApp(deps).fetch, port: contentPort }, (info) => {
          console.log(`SCORM content is served on port ${info.port} as ${config.scormContent.origin}`)
        })
  if (contentServer) keepIdleConnections(contentServer)
  const shutdown = (signal: NodeJS.Signals) => {
    console.log(JSON.stringify({ level: 'info', msg: 'shutting down', signal }))
    stopSweeping()
    server.close()
    contentServer?.close()
    void scheduler
      .stop()
      .catch((err: unknown) =>
        console.error(JSON.stringify({ level: 'error', msg: 'job engine did not stop cleanly', error: String(err) })),
      )
      .then(() => Promise.all([database.close(), kdf.close()]))
      .finally(() => process.exit(0))
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

await main()
