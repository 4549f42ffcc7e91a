import type { AssignmentStatus } from '../../contract/assignments.ts'

export type { AssignmentStatus } from '../../contract/assignments.ts'

/** What a status is decided from: the assignment's completion, its effective due date and its roll-up percent. */
export interface StatusInput {
  completedAt: Date | null
  dueAt: Date | null
  /** The package's roll-up percent, 0..100. */
  percent: number
}

/** Completed wins over everything; a due date passed makes the rest overdue; then any progress is in progress. */
export function assignmentStatus({ completedAt, dueAt, percent }: StatusInput, now: Date): AssignmentStatus {
  if (completedAt !== null) return 'completed'
  if (dueAt !== null && dueAt.getTime() < now.getTime()) return 'overdue'
  if (percent > 0) return 'in-progress'
  return 'not-started'
}
