import dayjs from 'dayjs'
import { type DueSettings, dueSettingsInput } from '../../../contract/assignments.ts'
import { DEFAULT_REMINDER_DAYS } from '../../../contract/rules.ts'
import { checkWith, type FieldMessages } from '../../lib/schema-errors.ts'

export type DueMode = 'none' | 'date' | 'days'

/** What the due settings fields hold, as typed. */
export interface DueValues {
  mode: DueMode
  /** YYYY-MM-DD: due at the end of that day, the admin's time. */
  date: string
  days: string
  /** Offsets as typed: '7, 1, -1'. */
  reminders: string
}

export type DueErrors = Partial<Record<keyof DueValues, string>>

/** The fields' values for stored settings (none: no due date, the default reminders). */
export function dueValuesOf(settings: DueSettings | null): DueValues {
  return {
    mode: settings?.dueAt ? 'date' : settings?.dueDays ? 'days' : 'none',
    date: settings?.dueAt ? dayjs(settings.dueAt).format('YYYY-MM-DD') : '',
    days: settings?.dueDays ? String(settings.dueDays) : '',
    reminders: (settings?.reminderDays ?? DEFAULT_REMINDER_DAYS).join(', '),
  }
}

/** The offsets typed, in order; anything unreadable stays as NaN for the schema to name. */
export const parseOffsets = (typed: string) =>
  typed
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map((part) => (/^[-+]?\d+(\.\d+)?$/.test(part) ? Number(part) : Number.NaN))

const FIELD_OF: Record<string, keyof DueValues> = { dueAt: 'date', dueDays: 'days', reminderDays: 'reminders' }

/** The settings to send, checked with the contract schema the server applies; or the messages under each field. */
export function checkDueValues(values: DueValues): { input: DueSettings; errors?: undefined } | { input?: undefined; errors: DueErrors } {
  if (values.mode === 'date' && !values.date) return { errors: { date: 'Choose the due date' } }
  if (values.mode === 'days' && !values.days.trim()) return { errors: { days: 'Enter the number of days' } }
  const checked = checkWith(dueSettingsInput, {
    dueAt: values.mode === 'date' ? dayjs(values.date).endOf('day').toISOString() : null,
    dueDays: values.mode === 'days' ? Number(values.days) : null,
    reminderDays: parseOffsets(values.reminders),
  })
  if (checked.errors) return { errors: fieldErrors(checked.errors) }
  const { dueAt = null, dueDays = null, reminderDays = [] } = checked.input
  return { input: { dueAt, dueDays, reminderDays } }
}

/** Server or schema messages ('reminderDays.2', 'dueDays') under the field that holds them. */
export function fieldErrors(messages: FieldMessages): DueErrors {
  const errors: DueErrors = {}
  for (const [path, message] of Object.entries(messages)) {
    const field = FIELD_OF[path.split('.')[0]!]
    if (field) errors[field] ??= message
  }
  return errors
}
