import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../lib/route-schemas.ts'
import {
  PackageMissing,
  PackageViewerError,
  PackageViewerPage,
  PackageViewerPending,
} from '../../../components/learning/viewer/PackageViewerPage.tsx'
import { viewerTreeQueryOptions } from '../../../components/learning/viewer/viewer-query.ts'

export const Route = createFileRoute('/_shell/topics/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => context.queryClient.query({ ...viewerTreeQueryOptions(params.id), staleTime: 'static' }),
  // SPEC.md: 'Loading package...' is shown while the package loads: after 200 ms (not the router's default
  // second), and no longer than the load itself.
  pendingMs: 200,
  pendingMinMs: 0,
  pendingComponent: PackageViewerPending,
  errorComponent: PackageViewerError,
  notFoundComponent: PackageMissing,
  component: PackageViewerRoute,
})

function PackageViewerRoute() {
  const { id } = Route.useParams()
  return <PackageViewerPage id={id} />
}
