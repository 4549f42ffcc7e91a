import { useCallback } from 'react'
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { objectOf, searchId, searchOptionalPage } from '../../../lib/route-schemas.ts'
import { Reports, ReportsFrame, ReportsPending } from '../../../components/reports/Reports.tsx'
import { RouteLoadError } from '../../../components/ui/RouteLoadError.tsx'
import { packageReportsQueryOptions } from '../../../queries/reports.ts'

/** `?packageId=3&page=2`: the selected package's report and its question page; anything malformed is dropped. */
const search = objectOf({ packageId: searchId, page: searchOptionalPage })

/** Reports: for every role other than USER (docs/product.md#roles); here that is the admin, behind the admin guard. */
export const Route = createFileRoute('/_shell/_admin/reports')({
  validateSearch: search,
  loader: ({ context }) => context.queryClient.query({ ...packageReportsQueryOptions(), staleTime: 'static' }),
  pendingComponent: ReportsPending,
  errorComponent: ReportsError,
  component: ReportsPage,
})

function ReportsPage() {
  const { packageId, page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onPage = useCallback(
    (next: number) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) }),
    [navigate],
  )
  return <Reports packageId={packageId} page={page} onPage={onPage} />
}

function ReportsError(props: ErrorComponentProps) {
  return (
    <ReportsFrame>
      <RouteLoadError {...props} failureText="Failed to load reports" />
    </ReportsFrame>
  )
}
