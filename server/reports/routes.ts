import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { idParam } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { dashboardFigures, packageReport, packageReports, reportCsv } from './service.ts'
import {
  dashboardFiguresSchema,
  itemAnalysisQuery,
  itemAnalysisSchema,
  packageReportRowSchema,
  packageReportSchema,
  reportExportQuery,
} from '../../contract/reports.ts'
import { itemAnalysis, itemAnalysisCsv } from './items.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { complianceQuery, complianceReportSchema } from '../../contract/compliance.ts'
import { complianceCsv, complianceReport } from './compliance.ts'

export function reportRoutes({ db, clock }: AppDeps, { requireAdmin }: Guards) {
  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get('/dashboard', apiDoc({ summary: 'Figures for the admin dashboard', response: dashboardFiguresSchema }), async (c) =>
      ok(c, await dashboardFigures(db, clock()), 'Dashboard figures'),
    )
    .get('/packages', apiDoc({ summary: 'One report row per package', response: z.array(packageReportRowSchema) }), async (c) =>
      ok(c, await packageReports(db), 'Package reports'),
    )
    .get(
      '/packages/:id',
      apiDoc({ summary: "A package's report: sub-topic scores and question difficulty", response: packageReportSchema }),
      validate('param', idParam),
      async (c) => ok(c, await packageReport(db, c.req.valid('param').id), 'Package report'),
    )
    .get(
      '/packages/:id/export',
      apiDoc({ summary: "One table of a package's report as CSV", response: 'binary', contentType: 'text/csv' }),
      validate('param', idParam),
      validate('query', reportExportQuery),
      async (c) => {
        const report = await packageReport(db, c.req.valid('param').id)
        const { table } = c.req.valid('query')
        return csvFile(c, csvName('report', report.title, report.packageId, table), reportCsv(report, table))
      },
    )
    .get(
      '/compliance',
      apiDoc({
        summary: 'Compliance: one row per learner and assigned package with due date and status, overdue first, and counts per status',
        description:
          "Filters: `packageId`; `groupId` (the group's members and the packages the group gives them). An unknown id is a 404. " +
          '`format=csv` answers every matching row as text/csv instead (paging ignored).',
        response: complianceReportSchema,
      }),
      validate('query', complianceQuery),
      async (c) => {
        const { page, size, format, ...filters } = c.req.valid('query')
        if (format === 'csv') return csvFile(c, 'compliance.csv', await complianceCsv(db, filters, clock()))
        return ok(c, await complianceReport(db, filters, page, size, clock()), 'Compliance report')
      },
    )
    .get(
      '/items',
      apiDoc({
        summary: "Item analysis of a package's questions: facility, discrimination, option pick rates and flags",
        response: itemAnalysisSchema,
      }),
      validate('query', itemAnalysisQuery),
      async (c) => ok(c, await itemAnalysis(db, c.req.valid('query').packageId), 'Item analysis'),
    )
    .get(
      '/items/export',
      apiDoc({ summary: "A package's item analysis as CSV", response: 'binary', contentType: 'text/csv' }),
      validate('query', itemAnalysisQuery),
      async (c) => {
        const analysis = await itemAnalysis(db, c.req.valid('query').packageId)
        return csvFile(c, csvName('items', analysis.title, analysis.packageId), itemAnalysisCsv(analysis))
      },
    )
}

/** `report-my-package-summary.csv`: the title's letters and digits (else the id), then the table if any. */
function csvName(prefix: string, title: string, id: number, table?: string) {
  const slug = title
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
  return `${prefix}-${slug || id}${table ? `-${table}` : ''}.csv`
}

function csvFile(c: Context<AppEnv>, name: string, body: string) {
  return c.body(body, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` })
}
