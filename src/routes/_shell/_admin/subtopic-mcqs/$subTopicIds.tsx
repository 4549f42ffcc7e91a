import { useCallback } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { idListParams, objectOf, searchOptionalPage } from '../../../../lib/route-schemas.ts'
import { McqTable, McqTablePending } from '../../../../components/media/McqTable.tsx'
import { mcqsQueryOptions } from '../../../../queries/mcqs.ts'
import { subTopicsByIdsQueryOptions } from '../../../../queries/subtopics.ts'

const search = objectOf({ page: searchOptionalPage })

export const Route = createFileRoute('/_shell/_admin/subtopic-mcqs/$subTopicIds')({
  params: idListParams('subTopicIds'),
  validateSearch: search,
  // Waits for both reads, but neither failure holds the page: McqTable shows each one's failure on its own
  // (each with its own message), and the caches toast them.
  loader: ({ context, params }) =>
    Promise.allSettled([
      context.queryClient.query({ ...subTopicsByIdsQueryOptions(params.subTopicIds), staleTime: 'static' }),
      context.queryClient.query({ ...mcqsQueryOptions(params.subTopicIds), staleTime: 'static' }),
    ]),
  pendingComponent: McqTablePending,
  component: McqTablePage,
})

function McqTablePage() {
  const { subTopicIds } = Route.useParams()
  const { page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onPage = useCallback(
    (next: number, replace = false) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }), replace }),
    [navigate],
  )
  return <McqTable key={subTopicIds.join(',')} subTopicIds={subTopicIds} page={page} onPage={onPage} />
}
