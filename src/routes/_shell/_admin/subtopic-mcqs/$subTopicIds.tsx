import { useCallback } from 'react'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { listOf, objectOf, routeId as id, searchOptionalPage } from '../../../../lib/route-schemas.ts'
import { McqTable, McqTablePending } from '../../../../components/media/McqTable.tsx'
import { mcqsQueryOptions } from '../../../../queries/mcqs.ts'
import { subTopicsByIdsQueryOptions } from '../../../../queries/subtopics.ts'

/** '12' or '3,7,12' → [3, 7, 12] as given (duplicates dropped); anything else is not a page. */
const subTopicIdList = listOf(id, 1, 500)
const parseIds = (text: string) => subTopicIdList.safeParse(text.split(',').map((part) => part.trim()))

const search = objectOf({ page: searchOptionalPage })

export const Route = createFileRoute('/_shell/_admin/subtopic-mcqs/$subTopicIds')({
  params: {
    parse: ({ subTopicIds }) => {
      const parsed = parseIds(subTopicIds)
      if (!parsed.success) throw notFound()
      return { subTopicIds: [...new Set(parsed.data)] }
    },
    stringify: ({ subTopicIds }) => ({ subTopicIds: subTopicIds.join(',') }),
  },
  validateSearch: search,
  // Starts both reads; the page shows each one's failure on its own (SPEC.md's separate messages).
  loader: ({ context, params }) => {
    void context.queryClient.query(subTopicsByIdsQueryOptions(params.subTopicIds)).catch(() => undefined)
    void context.queryClient.query(mcqsQueryOptions(params.subTopicIds)).catch(() => undefined)
  },
  pendingComponent: McqTablePending,
  component: McqTablePage,
})

function McqTablePage() {
  const { subTopicIds } = Route.useParams()
  const { page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onPage = useCallback((next: number, replace = false) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }), replace }), [navigate])
  return <McqTable key={subTopicIds.join(',')} subTopicIds={subTopicIds} page={page} onPage={onPage} />
}
