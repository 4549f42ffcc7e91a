import { useCallback } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { idListParams, objectOf, searchOptionalPage } from '../../../../lib/route-schemas.ts'
import { McqTable, McqTablePending } from '../../../../components/media/McqTable.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { RouteLoadError } from '../../../../components/ui/RouteLoadError.tsx'
import { mcqsQueryOptions } from '../../../../queries/mcqs.ts'

const search = objectOf({ page: searchOptionalPage })

export const Route = createFileRoute('/_shell/_admin/subtopic-mcqs/$subTopicIds')({
  params: idListParams('subTopicIds'),
  validateSearch: search,
  // The questions hold the page; the sub-topic titles load beside them and fail on their own (McqTable).
  loader: ({ context, params }) => context.queryClient.query({ ...mcqsQueryOptions(params.subTopicIds), staleTime: 'static' }),
  pendingComponent: McqTablePending,
  errorComponent: (props) => <RouteLoadError {...props} header={<PageHeader title="Questions" />} failureText="Failed to load MCQs" />,
  component: McqTablePage,
})

function McqTablePage() {
  const { subTopicIds } = Route.useParams()
  const { page = 1 } = Route.useSearch()
  const navigate = Route.useNavigate()
  const onPage = useCallback((next: number, replace = false) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }), replace }), [navigate])
  return <McqTable key={subTopicIds.join(',')} subTopicIds={subTopicIds} page={page} onPage={onPage} />
}
