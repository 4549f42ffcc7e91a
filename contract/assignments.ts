import { z } from 'zod'

/** Where a learner stands with one assigned package. */
export const assignmentStatuses = ['not-started', 'in-progress', 'completed', 'overdue'] as const
export const assignmentStatusSchema = z.enum(assignmentStatuses).meta({ id: 'AssignmentStatus' })
export type AssignmentStatus = z.infer<typeof assignmentStatusSchema>
