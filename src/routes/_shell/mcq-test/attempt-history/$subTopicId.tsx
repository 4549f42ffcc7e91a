import { createFileRoute } from '@tanstack/react-router'
import { idParams, objectOf, searchId } from '../../../../lib/route-schemas.ts'
import { AttemptHistory, AttemptHistoryPending } from '../../../../components/quiz/AttemptHistory.tsx'
import { RouteLoadError } from '../../../../components/ui/RouteLoadError.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { attemptReviewQueryOptions, attemptsBySubTopicQueryOptions } from '../../../../queries/attempts.ts'
import { subTopicQueryOptions } from '../../../../queries/subtopics.ts'
import { neededWithExtra } from '../../../../lib/load-queries.ts'

/** `?attempt={id}` opens that attempt's review. */
const historySearch = objectOf({ attempt: searchId })

export const Route = createFileRoute('/_shell/mcq-test/attempt-history/$subTopicId')({
  params: idParams('subTopicId'),
  validateSearch: historySearch,
  loaderDeps: ({ search }) => ({ attempt: search.attempt }),
  // The sub-topic's title only labels the page: its failure leaves the attempts on show.
  loader: ({ context: { queryClient }, params, deps }) =>
    neededWithExtra(
      deps.attempt
        ? queryClient.query(attemptReviewQueryOptions(deps.attempt))
        : queryClient.query({ ...attemptsBySubTopicQueryOptions(params.subTopicId), staleTime: 'static' }),
      queryClient.query({ ...subTopicQueryOptions(params.subTopicId), staleTime: 'static' }),
    ),
  pendingComponent: AttemptHistoryPending,
  errorComponent: (props) => (
    <RouteLoadError {...props} header={<PageHeader title="Attempt History" />} failureText="Failed to fetch attempt history" />
  ),
  component: AttemptHistoryRoute,
})

function AttemptHistoryRoute() {
  const { subTopicId } = Route.useParams()
  const { attempt } = Route.useSearch()
  return <AttemptHistory key={`${subTopicId}:${attempt ?? ''}`} subTopicId={subTopicId} attemptId={attempt} />
}
