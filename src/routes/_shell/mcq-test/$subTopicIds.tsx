import { createFileRoute } from '@tanstack/react-router'
import { idListParams } from '../../../lib/route-schemas.ts'
import { McqTest, McqTestLoadError, McqTestPending } from '../../../components/quiz/McqTest.tsx'
import { testQuestionsQueryOptions } from '../../../components/quiz/quiz-queries.ts'
import { subTopicsByIdsQueryOptions } from '../../../queries/subtopics.ts'

export const Route = createFileRoute('/_shell/mcq-test/$subTopicIds')({
  params: idListParams('subTopicIds'),
  loader: async ({ context, params }) => {
    // The titles only label the page: when they fail, the page says so and the questions stay answerable.
    const [, questions] = await Promise.allSettled([
      context.queryClient.query({ ...subTopicsByIdsQueryOptions(params.subTopicIds), staleTime: 'static' }),
      context.queryClient.query({ ...testQuestionsQueryOptions(params.subTopicIds), staleTime: 'static' }),
    ])
    if (questions.status === 'rejected') throw questions.reason
  },
  pendingComponent: McqTestPending,
  errorComponent: McqTestLoadError,
  component: McqTestRoute,
})

function McqTestRoute() {
  const { subTopicIds } = Route.useParams()
  return <McqTest key={subTopicIds.join(',')} subTopicIds={subTopicIds} />
}
