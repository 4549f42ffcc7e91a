import type { AssignmentStatus } from '../../contract/assignments.ts'
import { formatDate, yearOf } from './dates.ts'

/** What an assigned package says about itself in words (never in colour only). */
export interface DueState {
  status: AssignmentStatus
  dueAt: string | null
}

export const STATUS_LABELS: Record<AssignmentStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  completed: 'Completed',
  overdue: 'Overdue',
}

/** '3 Dec', or '3 Dec 2026' outside the current year. */
export function shortDate(value: string, now: Date = new Date()): string {
  return formatDate(value, yearOf(value) === now.getFullYear() ? 'D MMM' : 'D MMM YYYY')
}

/** 'Completed', 'Overdue since 3 Dec', 'Due 5 Dec' or 'No due date'. */
export function dueWords({ status, dueAt }: DueState, now?: Date): string {
  if (status === 'completed') return 'Completed'
  if (!dueAt) return 'No due date'
  return status === 'overdue' ? `Overdue since ${shortDate(dueAt, now)}` : `Due ${shortDate(dueAt, now)}`
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`

/** Reminder offsets as a sentence: '7 days before, 1 day before, 1 day after'; 'No reminders' for none. */
export function reminderSentence(offsets: readonly number[]): string {
  if (!offsets.length) return 'No reminders'
  return offsets.map((d) => (d === 0 ? 'on the due date' : d > 0 ? `${days(d)} before` : `${days(-d)} after`)).join(', ')
}

/** A due setting as set: 'Due 5 Dec', 'Due 14 days after assignment' or 'No due date'. */
export function dueSettingWords({ dueAt, dueDays }: { dueAt: string | null; dueDays: number | null }, now?: Date): string {
  if (dueAt) return `Due ${shortDate(dueAt, now)}`
  if (dueDays) return `Due ${days(dueDays)} after assignment`
  return 'No due date'
}

/** Most pressing first: overdue (longest overdue first), then by due date, then undated, completed last. */
export function byUrgency(a: DueState, b: DueState): number {
  const rank = (p: DueState) => (p.status === 'completed' ? 3 : p.status === 'overdue' ? 0 : p.dueAt ? 1 : 2)
  const time = (p: DueState) => (p.dueAt ? Date.parse(p.dueAt) : 0)
  return rank(a) - rank(b) || time(a) - time(b)
}

const WEEK_MS = 7 * 86_400_000

/** Packages not completed whose due date is past or within the next seven days, most pressing first. */
export function dueThisWeek<P extends DueState>(packages: readonly P[], now: Date = new Date()): P[] {
  return packages
    .filter((p) => p.status !== 'completed' && p.dueAt !== null && Date.parse(p.dueAt) <= now.getTime() + WEEK_MS)
    .sort(byUrgency)
}
