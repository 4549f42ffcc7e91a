import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../../lib/route-schemas.ts'
import { RouteLoadError } from '../../../../components/ui/RouteLoadError.tsx'
import { TopicEditorPage, TopicEditorPending } from '../../../../components/topics/TopicEditorPage.tsx'
import { BackToPackages } from '../../../../components/ui/BackToPackages.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { skillTopicsQueryOptions } from '../../../../queries/skills.ts'

export const Route = createFileRoute('/_shell/_admin/topic/add/$skillId')({
  params: idParams('skillId'),
  loader: ({ context, params }) => context.queryClient.query({ ...skillTopicsQueryOptions(params.skillId), staleTime: 'static' }),
  pendingComponent: TopicEditorPending,
  errorComponent: (props) => (
    <RouteLoadError
      {...props}
      header={<PageHeader title="Topics and sub-topics" />}
      failureText="Failed to fetch topics"
      notFoundAction={<BackToPackages />}
    />
  ),
  component: TopicEditorRoute,
})

function TopicEditorRoute() {
  const { skillId } = Route.useParams()
  return <TopicEditorPage skillId={skillId} />
}
