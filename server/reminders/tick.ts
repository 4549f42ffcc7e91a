import { sql } from 'drizzle-orm'
import { assignmentsWithDue } from '../assignments/due.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/raw-rows.ts'
import type { AppDeps } from '../deps.ts'
import { reminderMail } from '../mail/templates.ts'
import { createNotifications } from '../notifications/create.ts'
import { latestPassedOffset } from './offsets.ts'
import { reminderText } from './wording.ts'

export type ReminderDeps = Pick<AppDeps, 'db' | 'mailer' | 'config'>

interface Due {
  userId: number
  packageId: number
  offsetDays: number
  dueAt: Date
}

interface Claimed extends Due {
  email: string
  name: string
  reminderEmails: boolean
  packageTitle: string
}

/** Reminders claimed in one statement and one transaction. */
const BATCH = 500

/**
 * Sends the reminders whose moment has come: for each incomplete assignment with a due date, the latest reminder
 * offset that has passed, unless it was sent already. Each is claimed in `reminder_sends` (its primary key makes it
 * once per learner, package and offset, whichever tick or instance claims it first), with its notification, in one
 * transaction; the e-mails go after the commit. Returns how many reminders this tick claimed.
 */
export async function runReminderTick(deps: ReminderDeps, now: Date): Promise<number> {
  const due: Due[] = []
  for (const assignment of await assignmentsWithDue(deps.db, sql`up.completed_at is null`)) {
    if (!assignment.dueAt) continue
    const offsetDays = latestPassedOffset(assignment.dueAt, assignment.reminderDays, now)
    if (offsetDays !== null) due.push({ userId: assignment.userId, packageId: assignment.packageId, offsetDays, dueAt: assignment.dueAt })
  }
  let claimed = 0
  for (let start = 0; start < due.length; start += BATCH) {
    const batch = await claimAndNotify(deps.db, due.slice(start, start + BATCH), now)
    claimed += batch.length
    await mailReminders(deps, batch, now)
  }
  return claimed
}

/**
 * Claims the reminders no tick has sent yet and stores their notifications, in one transaction. The assignment row is
 * locked while claiming, so a completion that commits meanwhile is seen and its reminder is not claimed.
 */
async function claimAndNotify(db: Db, due: readonly Due[], now: Date): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const candidates = sql.join(
      due.map((d) => sql`(${d.userId}::int, ${d.packageId}::int, ${d.offsetDays}::int)`),
      sql`, `,
    )
    const result = await tx.execute(sql`
      with claimed as (
        insert into reminder_sends (user_id, package_id, offset_days, sent_at)
        select c.user_id, c.package_id, c.offset_days, ${now.toISOString()}::timestamptz
        from (values ${candidates}) as c(user_id, package_id, offset_days)
        join user_packages up on up.user_id = c.user_id and up.package_id = c.package_id and up.completed_at is null
        for share of up
        on conflict do nothing
        returning user_id, package_id, offset_days
      )
      select claimed.user_id, claimed.package_id, claimed.offset_days,
             u.email, u.name, u.reminder_emails, p.title as package_title
      from claimed
      join users u on u.id = claimed.user_id
      join packages p on p.id = claimed.package_id`)
    const dueAt = new Map(due.map((d) => [`${d.userId}:${d.packageId}`, d.dueAt]))
    const rows = rowsOf<{
      user_id: number
      package_id: number
      offset_days: number
      email: string
      name: string
      reminder_emails: boolean
      package_title: string
    }>(result).map(
      (r): Claimed => ({
        userId: Number(r.user_id),
        packageId: Number(r.package_id),
        offsetDays: Number(r.offset_days),
        dueAt: dueAt.get(`${r.user_id}:${r.package_id}`)!,
        email: r.email,
        name: r.name,
        reminderEmails: r.reminder_emails,
        packageTitle: r.package_title,
      }),
    )
    await createNotifications(
      tx,
      rows.map((r) => ({ userId: r.userId, ...reminderText(r.packageTitle, r.dueAt, r.offsetDays, now), link: packageLink(r.packageId) })),
      now,
    )
    return rows
  })
}

const packageLink = (packageId: number) => `/topics/${packageId}`

/** After the claim committed: at most once, so a failed e-mail is logged, not retried (the notification stays). */
async function mailReminders(deps: ReminderDeps, claimed: readonly Claimed[], now: Date) {
  const { appUrl } = deps.config
  for (const reminder of claimed) {
    if (!reminder.reminderEmails) continue
    const text = reminderText(reminder.packageTitle, reminder.dueAt, reminder.offsetDays, now)
    try {
      await deps.mailer.send(
        reminderMail(reminder.email, reminder.name, {
          headline: text.title,
          detail: text.body,
          link: `${appUrl}${packageLink(reminder.packageId)}`,
          settingsLink: `${appUrl}/user/settings`,
        }),
      )
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', msg: 'reminder mail failed', to: reminder.email, error: String(err) }))
    }
  }
}
