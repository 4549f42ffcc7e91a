import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../../lib/route-schemas.ts'
import { AttemptHistory, AttemptHistoryLoadError, AttemptHistoryPending } from '../../../../components/quiz/AttemptHistory.tsx'
import { attemptsBySubTopicQueryOptions } from '../../../../queries/attempts.ts'
import { subTopicQueryOptions } from '../../../../queries/subtopics.ts'

export const Route = createFileRoute('/_shell/mcq-test/attempt-history/$subTopicId')({
  params: idParams('subTopicId'),
  loader: async ({ context, params }) => {
    // The sub-topic's title only labels the page: its failure leaves the attempts on show.
    const [attempts] = await Promise.allSettled([
      context.queryClient.query({ ...attemptsBySubTopicQueryOptions(params.subTopicId), staleTime: 'static' }),
      context.queryClient.query({ ...subTopicQueryOptions(params.subTopicId), staleTime: 'static' }),
    ])
    if (attempts.status === 'rejected') throw attempts.reason
  },
  pendingComponent: AttemptHistoryPending,
  errorComponent: AttemptHistoryLoadError,
  component: AttemptHistoryRoute,
})

function AttemptHistoryRoute() {
  const { subTopicId } = Route.useParams()
  return <AttemptHistory key={subTopicId} subTopicId={subTopicId} />
}
