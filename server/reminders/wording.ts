import type { NotificationKind } from '../../contract/notifications.ts'
import { daysLeft } from './offsets.ts'

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/** '3 Dec 2026'. */
export const formatDueDate = (date: Date) => dateFormat.format(date)

export interface ReminderText {
  kind: Extract<NotificationKind, 'due-soon' | 'overdue'>
  title: string
  body: string
}

/** What a reminder says, in words: at an offset of 0 days or more it is due soon, at a negative one overdue. */
export function reminderText(packageTitle: string, dueAt: Date, offsetDays: number, now: Date): ReminderText {
  const date = formatDueDate(dueAt)
  if (offsetDays < 0) {
    return { kind: 'overdue', title: `'${packageTitle}' was due on ${date}`, body: 'It is overdue: please complete it as soon as you can.' }
  }
  const days = daysLeft(dueAt, now)
  const body =
    days > 0 ? `You have ${days} ${days === 1 ? 'day' : 'days'} left to complete it.` : 'It is due now: please complete it today.'
  return { kind: 'due-soon', title: `'${packageTitle}' is due on ${date}`, body }
}
