import { gradeDueSittings } from '../attempts/expiry.ts'
import { runCertificateTick } from '../certificates/renewal.ts'
import type { AppDeps } from '../deps.ts'
import { pruneNotifications } from '../notifications/service.ts'
import { runReminderTick } from '../reminders/tick.ts'
import type { PeriodicJob } from './engine.ts'

const HOUR_S = 3600

/** The app's timed work; each run reads the app's clock, so tests move time as they do for requests. */
export function appJobs(deps: AppDeps): PeriodicJob[] {
  const tick = deps.config.schedulerTickSeconds
  return [
    { name: 'reminders', everySeconds: tick, run: () => runReminderTick(deps, deps.clock()) },
    // Sittings past their deadline are graded when they expire, not only before the next read that shows them.
    { name: 'expired-sittings', everySeconds: tick, run: () => gradeDueSittings(deps.db, deps.clock()) },
    // Issue e-mails not yet sent, and renewal cycles whose moment has come.
    { name: 'certificates', everySeconds: tick, run: () => runCertificateTick(deps, deps.clock()) },
    { name: 'notification-pruning', everySeconds: HOUR_S, run: () => pruneNotifications(deps.db, deps.clock()) },
  ]
}
