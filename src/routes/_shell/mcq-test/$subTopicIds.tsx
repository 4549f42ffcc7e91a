import { createFileRoute, notFound } from '@tanstack/react-router'
import { listOf, routeId as id } from '../../../lib/route-schemas.ts'
import { McqTest } from '../../../components/quiz/McqTest.tsx'
import { mcqsQueryOptions } from '../../../queries/mcqs.ts'
import { subTopicsByIdsQueryOptions } from '../../../queries/subtopics.ts'

/** '12' or '3,7,12' → [3, 7, 12] in the order given, duplicates dropped; anything else is not a page. */
const subTopicIdList = listOf(id, 1, 500)

export const Route = createFileRoute('/_shell/mcq-test/$subTopicIds')({
  params: {
    parse: ({ subTopicIds }) => {
      const parsed = subTopicIdList.safeParse(subTopicIds.split(',').map((part) => part.trim()))
      if (!parsed.success) throw notFound()
      return { subTopicIds: [...new Set(parsed.data)] }
    },
    stringify: ({ subTopicIds }) => ({ subTopicIds: subTopicIds.join(',') }),
  },
  // Starts both reads; the page shows each one's failure on its own.
  loader: ({ context, params }) => {
    void context.queryClient.query(subTopicsByIdsQueryOptions(params.subTopicIds)).catch(() => undefined)
    void context.queryClient.query(mcqsQueryOptions(params.subTopicIds)).catch(() => undefined)
  },
  component: McqTestPage,
})

function McqTestPage() {
  const { subTopicIds } = Route.useParams()
  return <McqTest key={subTopicIds.join(',')} subTopicIds={subTopicIds} />
}
