import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query'
import type { ReportTable } from '../../contract/reports.ts'
import { api, download, unwrap } from '../api/client.ts'

/** Admin figures: the dashboard and the per-package reports. Every submitted test makes them stale (attempts.ts). */

export const reportKeys = {
  all: ['reports'] as const,
  dashboard: () => [...reportKeys.all, 'dashboard'] as const,
  packages: () => [...reportKeys.all, 'packages'] as const,
  package: (packageId: number) => [...reportKeys.packages(), packageId] as const,
  items: (packageId: number) => [...reportKeys.all, 'items', packageId] as const,
  compliance: (filters: ComplianceFilters) => [...reportKeys.all, 'compliance', filters] as const,
}

/** The compliance report's filters; page is 0-based. */
export interface ComplianceFilters {
  packageId?: number
  groupId?: number
  page: number
  size: number
}

const complianceQuery = ({ packageId, groupId, page, size }: ComplianceFilters) => ({
  ...(packageId ? { packageId } : {}),
  ...(groupId ? { groupId } : {}),
  page: String(page),
  size: String(size),
})

const getDashboardFigures = () => unwrap(api.reports.dashboard.$get())
const getPackageReports = () => unwrap(api.reports.packages.$get())
const getPackageReport = (packageId: number) => unwrap(api.reports.packages[':id'].$get({ param: { id: String(packageId) } }))
const getItemAnalysis = (packageId: number) => unwrap(api.reports.items.$get({ query: { packageId: String(packageId) } }))

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.dashboard(),
    queryFn: getDashboardFigures,
    meta: { errorMessage: 'Failed to load dashboard figures' },
  })
export const packageReportsQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.packages(), queryFn: getPackageReports, meta: { errorMessage: 'Failed to load reports' } })
export const packageReportQueryOptions = (packageId: number) =>
  queryOptions({
    queryKey: reportKeys.package(packageId),
    queryFn: () => getPackageReport(packageId),
    meta: { errorMessage: 'Failed to load the package report' },
  })

/** GET /reports/items?packageId: the package's item analysis (facility, discrimination, pick rates, flags). */
export const itemAnalysisQueryOptions = (packageId: number) =>
  queryOptions({
    queryKey: reportKeys.items(packageId),
    queryFn: () => getItemAnalysis(packageId),
    meta: { errorMessage: 'Failed to load the item analysis' },
  })

interface ReportFile {
  blob: Blob
  fileName: string
}

/** GET /reports/packages/{id}/export?table: one table as CSV, named as the server names it (else report-{id}-{table}.csv). */
async function exportPackageReport({ packageId, table }: { packageId: number; table: ReportTable }): Promise<ReportFile> {
  const file = await download(api.reports.packages[':id'].export.$get({ param: { id: String(packageId) }, query: { table } }))
  return { blob: file.blob, fileName: file.fileName ?? `report-${packageId}-${table}.csv` }
}

/** The export as a mutation (pending state for the button; nothing cached changes). */
export function useExportPackageReport() {
  return useMutation({
    mutationFn: exportPackageReport,
    meta: { successMessage: 'Report exported', errorMessage: 'Failed to export report', errorReason: 'description' },
  })
}

/** GET /reports/items/export?packageId: the item analysis as CSV, named as the server names it (else items-{id}.csv). */
async function exportItemAnalysis(packageId: number): Promise<ReportFile> {
  const file = await download(api.reports.items.export.$get({ query: { packageId: String(packageId) } }))
  return { blob: file.blob, fileName: file.fileName ?? `items-${packageId}.csv` }
}

export function useExportItemAnalysis() {
  return useMutation({
    mutationFn: exportItemAnalysis,
    meta: { successMessage: 'Item analysis exported', errorMessage: 'Failed to export item analysis', errorReason: 'description' },
  })
}

/** GET /reports/compliance: one page of (learner, package) rows, overdue first, with the counts per status. */
export const complianceQueryOptions = (filters: ComplianceFilters) =>
  queryOptions({
    queryKey: reportKeys.compliance(filters),
    queryFn: () => unwrap(api.reports.compliance.$get({ query: { ...complianceQuery(filters), format: 'json' } })),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Failed to load the compliance report' },
  })

/** GET /reports/compliance?format=csv: every row matching the filters. */
export function useExportCompliance() {
  return useMutation({
    mutationFn: async (filters: Omit<ComplianceFilters, 'page' | 'size'>): Promise<ReportFile> => {
      const query = { ...complianceQuery({ ...filters, page: 0, size: 20 }), format: 'csv' as const }
      const file = await download(api.reports.compliance.$get({ query }))
      return { blob: file.blob, fileName: file.fileName ?? 'compliance.csv' }
    },
    meta: {
      successMessage: 'Compliance report exported',
      errorMessage: 'Failed to export the compliance report',
      errorReason: 'description',
    },
  })
}
