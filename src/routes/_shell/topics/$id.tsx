import { createFileRoute } from '@tanstack/react-router'
import { idParams, objectOf, searchId } from '../../../lib/route-schemas.ts'
import {
  PackageMissing,
  PackageViewerError,
  PackageViewerPage,
  PackageViewerPending,
} from '../../../components/learning/viewer/PackageViewerPage.tsx'
import { viewerTreeQueryOptions } from '../../../queries/viewer.ts'
import { neededWithExtra } from '../../../lib/load-queries.ts'
import { packageProgressQueryOptions } from '../../../queries/progress.ts'

export const Route = createFileRoute('/_shell/topics/$id')({
  params: idParams('id'),
  // ?skill= opens the viewer at that skill (a skill card's 'Start Learning'); links from search name a topic, sub-topic
  // or video. An unreadable id is dropped.
  validateSearch: objectOf({ skill: searchId, topic: searchId, subTopic: searchId, video: searchId }),
  // The learner's progress only decorates the viewer (where to resume, the outline's figures): its failure is not the
  // page's. It is read fresh when a heartbeat has invalidated it, so the viewer opens where the learner left off.
  loader: ({ context: { queryClient }, params }) =>
    neededWithExtra(
      queryClient.query({ ...viewerTreeQueryOptions(params.id), staleTime: 'static' }),
      queryClient.query(packageProgressQueryOptions(params.id)),
    ),
  // 'Loading package...' is shown while the package loads: after 200 ms (not the router's default
  // second), and no longer than the load itself.
  pendingMs: 200,
  pendingMinMs: 0,
  pendingComponent: PackageViewerPending,
  errorComponent: PackageViewerError,
  notFoundComponent: PackageMissing,
  component: PackageViewerRoute,
  // The loader stays in the entry: it calls the API while the screen's chunks download, not after them.
  codeSplitGroupings: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
})

function PackageViewerRoute() {
  const { id } = Route.useParams()
  const focus = Route.useSearch()
  return <PackageViewerPage id={id} focus={focus} />
}
