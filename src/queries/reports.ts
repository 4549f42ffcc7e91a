import { queryOptions, useMutation } from '@tanstack/react-query'
import { HTTPError } from 'ky'
import type { DashboardFigures, PackageReport, PackageReportRow } from '../../contract/reports.ts'
import { call, http } from '../api/client.ts'
import { toApiError } from '../api/errors.ts'

/** Admin figures: the dashboard and the per-package reports. Every submitted test makes them stale (attempts.ts). */

export const reportKeys = {
  all: ['reports'] as const,
  dashboard: () => [...reportKeys.all, 'dashboard'] as const,
  packages: () => [...reportKeys.all, 'packages'] as const,
  package: (packageId: number) => [...reportKeys.packages(), packageId] as const,
}

export const getDashboardFigures = () => call<DashboardFigures>('get', '/reports/dashboard')
export const getPackageReports = () => call<PackageReportRow[]>('get', '/reports/packages')
export const getPackageReport = (packageId: number) => call<PackageReport>('get', `/reports/packages/${packageId}`)

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.dashboard(), queryFn: getDashboardFigures, meta: { errorMessage: 'Failed to load dashboard figures' } })
export const packageReportsQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.packages(), queryFn: getPackageReports, meta: { errorMessage: 'Failed to load reports' } })
export const packageReportQueryOptions = (packageId: number) =>
  queryOptions({ queryKey: reportKeys.package(packageId), queryFn: () => getPackageReport(packageId), meta: { errorMessage: 'Failed to load the package report' } })

/** `attachment; filename="report-numbers.csv"` (or RFC 5987 `filename*=UTF-8''…`) → the file name, or null. */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim())
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(disposition)
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim()
  return name || null
}

export interface ReportFile {
  blob: Blob
  fileName: string
}

/** GET /reports/packages/{id}/export: the CSV, named as the server names it (else report-{id}.csv). */
export async function exportPackageReport(packageId: number): Promise<ReportFile> {
  try {
    const response = await http(`reports/packages/${packageId}/export`)
    return { blob: await response.blob(), fileName: fileNameFrom(response.headers.get('content-disposition')) ?? `report-${packageId}.csv` }
  } catch (error) {
    if (error instanceof HTTPError) throw toApiError(error.response.status, error.data)
    throw toApiError(0, null)
  }
}

/** The export as a mutation (pending state for the button; nothing cached changes). */
export function useExportPackageReport() {
  return useMutation({ mutationFn: exportPackageReport, meta: { errorMessage: 'Failed to export report', errorReason: 'description' } })
}
