import { createFileRoute } from '@tanstack/react-router'
import { CaptionCoverage, CaptionCoveragePending } from '../../../components/reports/CaptionCoverage.tsx'
import { PageHeader } from '../../../components/ui/PageHeader.tsx'
import { RouteLoadError } from '../../../components/ui/RouteLoadError.tsx'
import { captionCoverageQueryOptions } from '../../../queries/captions.ts'

/** The caption coverage report: how many videos have captions, and each one that has none. */
export const Route = createFileRoute('/_shell/_admin/reports_/captions')({
  loader: ({ context }) => context.queryClient.query({ ...captionCoverageQueryOptions(), staleTime: 'static' }),
  pendingComponent: CaptionCoveragePending,
  errorComponent: (props) => (
    <RouteLoadError {...props} header={<PageHeader title="Caption coverage" />} failureText="Failed to load the caption report" />
  ),
  component: CaptionCoverage,
})
