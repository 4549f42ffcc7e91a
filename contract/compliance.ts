import { z } from 'zod'
import { assignmentStatusSchema, type AssignmentStatus } from './assignments.ts'
import { id, pageQuery } from './content.ts'
import { page } from './envelope.ts'

const int = z.number().int()

/**
 * `GET /reports/compliance`: both filters optional. `groupId` keeps the group's members and the packages the group
 * gives them. `format=csv` answers every matching row as CSV (paging ignored).
 */
export const complianceQuery = pageQuery.extend({
  packageId: id.optional(),
  groupId: id.optional(),
  format: z.enum(['json', 'csv'], { error: "format must be 'json' or 'csv'" }).default('json'),
})
export type ComplianceQuery = z.input<typeof complianceQuery>

/** One learner's assignment of one package, where they stand with it. */
export const complianceRowSchema = z
  .object({
    userId: int,
    name: z.string(),
    email: z.string(),
    packageId: int,
    packageTitle: z.string(),
    /** The names of the learner's groups that give them this package (none for a direct assignment only). */
    groups: z.array(z.string()),
    assignedAt: z.string(),
    /** The due date that counts (the earliest of every way the learner has the package); null without one. */
    dueAt: z.string().nullable(),
    status: assignmentStatusSchema,
    completedAt: z.string().nullable(),
    /** The package's roll-up percent, 0..100. */
    percent: int,
  })
  .meta({ id: 'ComplianceRow' })
export type ComplianceRow = z.infer<typeof complianceRowSchema>

/** How many matching rows have each status, over every page. */
export const complianceSummarySchema = z
  .object({ 'not-started': int, 'in-progress': int, completed: int, overdue: int } satisfies Record<AssignmentStatus, typeof int>)
  .meta({ id: 'ComplianceSummary' })
export type ComplianceSummary = z.infer<typeof complianceSummarySchema>

/** One page of rows, overdue first (longest overdue first), then due soonest, then the rest; with the summary. */
export const complianceReportSchema = page(complianceRowSchema)
  .extend({ summary: complianceSummarySchema })
  .meta({ id: 'ComplianceReport' })
export type ComplianceReport = z.infer<typeof complianceReportSchema>
