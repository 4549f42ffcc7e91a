import { createFileRoute } from '@tanstack/react-router'
import { idListParams } from '../../../lib/route-schemas.ts'
import { McqTest, McqTestLoadError, McqTestPending } from '../../../components/quiz/McqTest.tsx'
import { testQuestionsQueryOptions } from '../../../components/quiz/quiz-queries.ts'
import { subTopicsByIdsQueryOptions } from '../../../queries/subtopics.ts'
import { neededWithExtra } from '../../../lib/load-queries.ts'

export const Route = createFileRoute('/_shell/mcq-test/$subTopicIds')({
  params: idListParams('subTopicIds'),
  // The titles only label the page: when they fail, the page says so and the questions stay answerable.
  loader: ({ context: { queryClient }, params }) =>
    neededWithExtra(
      queryClient.query({ ...testQuestionsQueryOptions(params.subTopicIds), staleTime: 'static' }),
      queryClient.query({ ...subTopicsByIdsQueryOptions(params.subTopicIds), staleTime: 'static' }),
    ),
  pendingComponent: McqTestPending,
  errorComponent: McqTestLoadError,
  component: McqTestRoute,
})

function McqTestRoute() {
  const { subTopicIds } = Route.useParams()
  return <McqTest key={subTopicIds.join(',')} subTopicIds={subTopicIds} />
}
