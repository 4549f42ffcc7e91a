import { createFileRoute, notFound } from '@tanstack/react-router'
import { objectOf, routeId as id } from '../../../../lib/route-schemas.ts'
import { AttemptHistory } from '../../../../components/quiz/AttemptHistory.tsx'
import { attemptsBySubTopicQueryOptions } from '../../../../queries/attempts.ts'
import { subTopicQueryOptions } from '../../../../queries/subtopics.ts'

export const Route = createFileRoute('/_shell/mcq-test/attempt-history/$subTopicId')({
  params: {
    parse: ({ subTopicId }) => {
      const parsed = objectOf({ subTopicId: id }).safeParse({ subTopicId })
      if (!parsed.success) throw notFound()
      return parsed.data
    },
    stringify: ({ subTopicId }) => ({ subTopicId: String(subTopicId) }),
  },
  loader: ({ context, params }) => {
    void context.queryClient.query(attemptsBySubTopicQueryOptions(params.subTopicId)).catch(() => undefined)
    void context.queryClient.query(subTopicQueryOptions(params.subTopicId)).catch(() => undefined)
  },
  component: AttemptHistoryPage,
})

function AttemptHistoryPage() {
  const { subTopicId } = Route.useParams()
  return <AttemptHistory key={subTopicId} subTopicId={subTopicId} />
}
