import { preload } from 'react-dom'
import type { QueryClient } from '@tanstack/react-query'
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
import type { ViewerFocus } from '../../../components/learning/viewer/focus.ts'
import { openingPlace } from '../../../components/learning/viewer/opening.ts'
import { tracksCrossOrigin } from '../../../components/ui/CaptionedVideo.tsx'

export const Route = createFileRoute('/_shell/topics/$id')({
  params: idParams('id'),
  // ?skill= opens the viewer at that skill (a skill card's 'Start Learning'); links from search name a topic, sub-topic
  // or video. An unreadable id is dropped.
  validateSearch: objectOf({ skill: searchId, topic: searchId, subTopic: searchId, video: searchId }),
  // The learner's progress only decorates the viewer (where to resume, the outline's figures): its failure is not the
  // page's. It is read fresh when a heartbeat has invalidated it, so the viewer opens where the learner left off.
  loader: async ({ context: { queryClient }, params, location }) => {
    await neededWithExtra(
      queryClient.query({ ...viewerTreeQueryOptions(params.id), staleTime: 'static' }),
      queryClient.query(packageProgressQueryOptions(params.id)),
    )
    preloadPoster(queryClient, params.id, location.search)
  },
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

/**
 * The poster of the video the viewer opens with is its largest picture: its download starts as soon as the package and
 * the learner's progress are known, not once the viewer has rendered the <video>.
 */
function preloadPoster(queryClient: QueryClient, id: number, focus: ViewerFocus) {
  const pkg = queryClient.getQueryData(viewerTreeQueryOptions(id).queryKey)
  const resumed = queryClient.getQueryData(packageProgressQueryOptions(id).queryKey)?.resume?.videoId ?? null
  const video = pkg ? openingPlace(pkg, focus, resumed)?.video : null
  // Asked for as the <video> will ask for it (anonymously when its caption tracks need CORS), so the two match.
  if (video?.thumbnailUrl)
    preload(video.thumbnailUrl, { as: 'image', fetchPriority: 'high', crossOrigin: tracksCrossOrigin(video.captions) })
}

function PackageViewerRoute() {
  const { id } = Route.useParams()
  const focus = Route.useSearch()
  return <PackageViewerPage id={id} focus={focus} />
}
