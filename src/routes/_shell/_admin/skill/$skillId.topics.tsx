import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../../lib/route-schemas.ts'
import { UploadContent, UploadContentPending } from '../../../../components/media/UploadContent.tsx'
import { RouteLoadError } from '../../../../components/ui/RouteLoadError.tsx'
import { BackToPackages } from '../../../../components/ui/BackToPackages.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { skillTopicsQueryOptions } from '../../../../queries/skills.ts'

/** Upload Content: videos, study materials and question banks for every sub-topic of one skill. */
export const Route = createFileRoute('/_shell/_admin/skill/$skillId/topics')({
  params: idParams('skillId'),
  loader: ({ context, params }) => context.queryClient.query({ ...skillTopicsQueryOptions(params.skillId), staleTime: 'static' }),
  pendingComponent: UploadContentPending,
  errorComponent: (props) => (
    <RouteLoadError
      {...props}
      header={<PageHeader title="Upload Content" />}
      failureText="Failed to fetch topics"
      notFoundAction={<BackToPackages />}
    />
  ),
  component: UploadContentRoute,
})

function UploadContentRoute() {
  const { skillId } = Route.useParams()
  return <UploadContent skillId={skillId} />
}
