import { z } from 'zod'

/** Where a learner stands with one assigned package. */
export const assignmentStatuses = ['not-started', 'in-progress', 'completed', 'overdue'] as const
export const assignmentStatusSchema = z.enum(assignmentStatuses).meta({ id: 'AssignmentStatus' })
export type AssignmentStatus = z.infer<typeof assignmentStatusSchema>

/** Reminder offsets: days before the due date, negative for days after it. */
export const MAX_REMINDER_OFFSETS = 10
export const MAX_REMINDER_DAY = 365
/** The longest 'N days after assignment' a due setting may name. */
export const MAX_DUE_DAYS = 3650

const reminderDay = z
  .number({ error: 'Each reminder offset must be a whole number of days' })
  .int('Each reminder offset must be a whole number of days')
  .min(-MAX_REMINDER_DAY, `Reminder offsets must be between -${MAX_REMINDER_DAY} and ${MAX_REMINDER_DAY} days`)
  .max(MAX_REMINDER_DAY, `Reminder offsets must be between -${MAX_REMINDER_DAY} and ${MAX_REMINDER_DAY} days`)

/** A list of offsets, kept once each, earliest reminder (most days before) first; [] means no reminders. */
export const reminderDaysInput = z
  .array(reminderDay, { error: 'reminderDays must be a list of whole days' })
  .max(MAX_REMINDER_OFFSETS, `At most ${MAX_REMINDER_OFFSETS} reminder offsets`)
  .transform((days) => [...new Set(days)].sort((a, b) => b - a))

/**
 * How an assignment falls due: at a fixed moment (`dueAt`), or `dueDays` after the learner got it; neither is no due
 * date. Absent reminderDays are the default offsets. A second PUT replaces every setting.
 */
export const dueSettingsInput = z
  .object({
    dueAt: z.iso.datetime({ offset: true, error: 'dueAt must be an ISO date-time, e.g. 2025-12-05T17:00:00Z' }).nullable().optional(),
    dueDays: z
      .number({ error: 'dueDays must be a whole number of days' })
      .int('dueDays must be a whole number of days')
      .min(1, 'dueDays must be at least 1')
      .max(MAX_DUE_DAYS, `dueDays must be at most ${MAX_DUE_DAYS}`)
      .nullable()
      .optional(),
    reminderDays: reminderDaysInput.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.dueAt != null && value.dueDays != null)
      ctx.addIssue({ code: 'custom', path: ['dueDays'], message: 'Give either dueAt or dueDays, not both' })
  })
export type DueSettingsInput = z.input<typeof dueSettingsInput>

/** Due settings as stored on an assignment or a group's package. */
export const dueSettingsSchema = z
  .object({ dueAt: z.string().nullable(), dueDays: z.number().int().nullable(), reminderDays: z.array(z.number().int()) })
  .meta({ id: 'DueSettings' })
export type DueSettings = z.infer<typeof dueSettingsSchema>

/** What a learner's package carries about its assignment, wherever a learner's packages are listed. */
export const assignmentFields = {
  /** The due date that counts: the earliest of every way the learner has the package; null without one. */
  dueAt: z.string().nullable(),
  status: assignmentStatusSchema,
  completedAt: z.string().nullable(),
  /** An admin assigned it to the learner directly (it can be unassigned there). */
  direct: z.boolean(),
  /** The direct assignment's own due settings; null when the package comes only through groups. */
  directDue: dueSettingsSchema.nullable(),
  /** The groups that give the learner the package. */
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
}
const assignedPackageFieldsSchema = z.object(assignmentFields)
export type AssignedPackageFields = z.infer<typeof assignedPackageFieldsSchema>
