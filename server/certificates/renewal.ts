import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { intArray } from '../db/bulk.ts'
import { rowsOf } from '../db/raw-rows.ts'
import type { AppDeps } from '../deps.ts'
import { certificateExpiringMail } from '../mail/templates.ts'
import { createNotifications } from '../notifications/create.ts'
import { HEARTBEAT_BURST, STARTING_SECONDS } from '../progress/credit.ts'
import { mailIssuedCertificates } from './issue.ts'
import { expiringText } from './wording.ts'

export type CertificateTickDeps = Pick<AppDeps, 'db' | 'mailer' | 'config'>

/** Renewals begun in one transaction. */
const BATCH = 500

interface Renewal {
  userId: number
  packageId: number
  /** The cycle that ends: its progress goes to the history under this number. */
  cycle: number
  expiresAt: Date
  packageTitle: string
  email: string
  name: string
  reminderEmails: boolean
}

/**
 * The certificates' timed work: e-mails for certificates issued and not yet mailed, and renewals whose moment has
 * come. A certificate `renewDaysBefore` days before its expiry (its package still issuing certificates and still
 * assigned to the learner, in the cycle that earned it) starts the learner's next cycle of the package, once:
 * claimed in `certificates.renewal_started_at`, in one transaction with the new cycle and its notification.
 * Expiry itself needs no work: a certificate's status is read against the clock. Returns the renewals begun.
 */
export async function runCertificateTick(deps: CertificateTickDeps, now: Date): Promise<number> {
  await mailIssuedCertificates(deps, now)
  let begun = 0
  for (;;) {
    const batch = await beginRenewals(deps.db, now)
    begun += batch.length
    await mailRenewals(deps, batch)
    if (batch.length < BATCH) return begun
  }
}

/**
 * The certificates (`c`) whose renewal is due at `at`: valid, not yet renewing, the package issuing them and assigned
 * in that cycle; `also` narrows them.
 */
const dueCertificates = (at: SQL, also: SQL = sql``) => sql`
  select c.id, c.user_id from certificates c
  join certificate_settings s on s.package_id = c.package_id and s.enabled
  join user_packages up on up.user_id = c.user_id and up.package_id = c.package_id and up.cycle = c.cycle
  where c.revoked_at is null and c.renewal_started_at is null and c.expires_at is not null
    and c.expires_at - make_interval(days => s.renew_days_before) <= ${at} ${also}`

/**
 * One batch: claims the due renewals, then for each learner and package starts the next cycle. The cycle's progress
 * is the videos watched from now on and the tests passed from now on: the video progress moves to the history (the
 * roll-up reads only `video_progress`), attempts stay where they are and the roll-up counts only those since
 * `cycle_started_at`. The recertify date becomes the cycle's due date, and the reminders sent for earlier cycles
 * are forgotten so this cycle gets its own.
 *
 * Before anything else the batch writes its learners' watching budgets (`watch_credit`, created if missing), the row
 * every heartbeat takes first: a heartbeat that read a learner's progress before the renewal then fails its check of
 * the budget's version, or waits for the renewal under the budget's lock, and reads the progress again, so it never
 * writes the ended cycle's ranges back. Taking the budgets first, in user order, keeps the heartbeat's lock order
 * (budget, progress, assignment, certificate): neither can wait for the other in a circle.
 */
async function beginRenewals(db: Db, now: Date): Promise<Renewal[]> {
  const at = sql`${now.toISOString()}::timestamptz`
  return db.transaction(async (tx) => {
    const due = rowsOf<{ id: number; user_id: number }>(await tx.execute(sql`${dueCertificates(at)} order by c.id limit ${BATCH}`))
    if (due.length === 0) return []
    const learners = [...new Set(due.map((r) => Number(r.user_id)))].sort((a, b) => a - b)
    await tx.execute(sql`
      insert into watch_credit (user_id, seconds, heartbeats, refilled_at)
      select user_id, ${STARTING_SECONDS}, ${HEARTBEAT_BURST}, ${at} from unnest(${intArray(learners)}) as v(user_id)
      order by user_id
      on conflict (user_id) do update set seconds = watch_credit.seconds`)
    const claimed = rowsOf<{
      user_id: number
      package_id: number
      cycle: number
      expires_at: string | Date
      package_title: string
      email: string
      name: string
      reminder_emails: boolean
    }>(
      await tx.execute(sql`
        with due as (
          -- Still due once locked: a batch on another instance may have claimed some meanwhile.
          ${dueCertificates(at, sql`and c.id = any(${intArray(due.map((r) => Number(r.id)))})`)}
          for update of c skip locked
        ),
        claimed as (
          update certificates c set renewal_started_at = ${at}
          from due where c.id = due.id
          returning c.user_id, c.package_id, c.cycle, c.expires_at, c.package_title
        )
        select claimed.*, u.email, u.name, u.reminder_emails
        from claimed join users u on u.id = claimed.user_id`),
    ).map(
      (r): Renewal => ({
        userId: Number(r.user_id),
        packageId: Number(r.package_id),
        cycle: Number(r.cycle),
        expiresAt: new Date(r.expires_at),
        packageTitle: r.package_title,
        email: r.email,
        name: r.name,
        reminderEmails: r.reminder_emails,
      }),
    )
    if (claimed.length === 0) return []
    const userIds = intArray(claimed.map((r) => r.userId))
    const packageIds = intArray(claimed.map((r) => r.packageId))
    const cycles = intArray(claimed.map((r) => r.cycle))
    const recertifyBy = sql`${sql.param(claimed.map((r) => r.expiresAt.toISOString()))}::timestamptz[]`
    await tx.execute(sql`
      update user_packages up
      set cycle = up.cycle + 1, cycle_started_at = ${at}, completed_at = null, recertify_by = v.recertify_by
      from unnest(${userIds}, ${packageIds}, ${recertifyBy}) as v(user_id, package_id, recertify_by)
      where up.user_id = v.user_id and up.package_id = v.package_id`)
    const learnersVideos = sql`
      select vp.user_id, vp.video_id, v.cycle
      from unnest(${userIds}, ${packageIds}, ${cycles}) as v(user_id, package_id, cycle)
      join skills sk on sk.package_id = v.package_id
      join topics t on t.skill_id = sk.id
      join sub_topics st on st.topic_id = t.id
      join videos vi on vi.sub_topic_id = st.id
      join video_progress vp on vp.video_id = vi.id and vp.user_id = v.user_id and not vp.by_admin`
    await tx.execute(sql`
      insert into video_progress_history (user_id, video_id, cycle, position, watched, watched_seconds, last_heartbeat_at, archived_at)
      select vp.user_id, vp.video_id, lv.cycle, vp.position, vp.watched, vp.watched_seconds, vp.last_heartbeat_at, ${at}
      from (${learnersVideos}) lv
      join video_progress vp on vp.user_id = lv.user_id and vp.video_id = lv.video_id and not vp.by_admin
      on conflict do nothing`)
    await tx.execute(sql`
      delete from video_progress vp using (${learnersVideos}) lv
      where vp.user_id = lv.user_id and vp.video_id = lv.video_id and not vp.by_admin`)
    await tx.execute(sql`
      delete from reminder_sends rs using unnest(${userIds}, ${packageIds}) as v(user_id, package_id)
      where rs.user_id = v.user_id and rs.package_id = v.package_id`)
    await createNotifications(
      tx,
      claimed.map((r) => ({
        userId: r.userId,
        kind: 'certificate-expiring',
        ...expiringText(r.packageTitle, r.expiresAt),
        link: packageLink(r.packageId),
      })),
      now,
    )
    return claimed
  })
}

const packageLink = (packageId: number) => `/topics/${packageId}`

/** After the commit, at most once: a failed e-mail is logged (the notification stays). The reminder switch applies. */
async function mailRenewals(deps: CertificateTickDeps, renewals: readonly Renewal[]) {
  for (const renewal of renewals) {
    if (!renewal.reminderEmails) continue
    const text = expiringText(renewal.packageTitle, renewal.expiresAt)
    try {
      await deps.mailer.send(
        certificateExpiringMail(renewal.email, renewal.name, {
          headline: text.title,
          detail: text.body,
          link: `${deps.config.appUrl}${packageLink(renewal.packageId)}`,
        }),
      )
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', msg: 'certificate renewal mail failed', to: renewal.email, error: String(err) }))
    }
  }
}
