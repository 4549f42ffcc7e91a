import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../../lib/route-schemas.ts'
import { SubTopicPage, SubTopicPending } from '../../../../components/media/SubTopicPage.tsx'
import { RouteLoadError } from '../../../../components/ui/RouteLoadError.tsx'
import { BackToPackages } from '../../../../components/ui/BackToPackages.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { subTopicQueryOptions } from '../../../../queries/subtopics.ts'

export const Route = createFileRoute('/_shell/_admin/subtopic/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => context.queryClient.query({ ...subTopicQueryOptions(params.id), staleTime: 'static' }),
  pendingComponent: SubTopicPending,
  errorComponent: (props) => (
    <RouteLoadError
      {...props}
      header={<PageHeader title="Sub-topic" />}
      failureText="Failed to fetch subtopic"
      notFoundText="SubTopic not found"
      notFoundAction={<BackToPackages />}
    />
  ),
  component: SubTopicRoute,
})

function SubTopicRoute() {
  const { id } = Route.useParams()
  return <SubTopicPage id={id} />
}
