import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../../lib/route-schemas.ts'
import { AttemptHistory, AttemptHistoryLoadError, AttemptHistoryPending } from '../../../../components/quiz/AttemptHistory.tsx'
import { attemptsBySubTopicQueryOptions } from '../../../../queries/attempts.ts'
import { subTopicQueryOptions } from '../../../../queries/subtopics.ts'
import { neededWithExtra } from '../../../../lib/load-queries.ts'

export const Route = createFileRoute('/_shell/mcq-test/attempt-history/$subTopicId')({
  params: idParams('subTopicId'),
  // The sub-topic's title only labels the page: its failure leaves the attempts on show.
  loader: ({ context: { queryClient }, params }) =>
    neededWithExtra(
      queryClient.query({ ...attemptsBySubTopicQueryOptions(params.subTopicId), staleTime: 'static' }),
      queryClient.query({ ...subTopicQueryOptions(params.subTopicId), staleTime: 'static' }),
    ),
  pendingComponent: AttemptHistoryPending,
  errorComponent: AttemptHistoryLoadError,
  component: AttemptHistoryRoute,
})

function AttemptHistoryRoute() {
  const { subTopicId } = Route.useParams()
  return <AttemptHistory key={subTopicId} subTopicId={subTopicId} />
}
