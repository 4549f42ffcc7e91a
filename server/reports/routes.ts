import { Hono } from 'hono'
import { idParam } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { dashboardFigures, packageReport, packageReports, reportCsv } from './service.ts'

export function reportRoutes({ db, clock }: AppDeps, { requireAdmin }: Guards) {
  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get('/dashboard', async (c) => ok(c, await dashboardFigures(db, clock()), 'Dashboard figures'))
    .get('/packages', async (c) => ok(c, await packageReports(db), 'Package reports'))
    .get('/packages/:id', validate('param', idParam), async (c) => ok(c, await packageReport(db, c.req.valid('param').id), 'Package report'))
    .get('/packages/:id/export', validate('param', idParam), async (c) => {
      const report = await packageReport(db, c.req.valid('param').id)
      const name = `report-${report.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase() || report.packageId}.csv`
      return c.body(reportCsv(report), 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` })
    })
}
