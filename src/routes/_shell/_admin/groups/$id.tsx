import { createFileRoute } from '@tanstack/react-router'
import { GroupError, GroupPage, GroupPending } from '../../../../components/groups/GroupPage.tsx'
import { idParams } from '../../../../lib/route-schemas.ts'
import { groupQueryOptions } from '../../../../queries/groups.ts'

export const Route = createFileRoute('/_shell/_admin/groups/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => context.queryClient.query({ ...groupQueryOptions(params.id), staleTime: 'static' }),
  pendingComponent: GroupPending,
  errorComponent: GroupError,
  component: GroupRoute,
})

function GroupRoute() {
  const { id } = Route.useParams()
  return <GroupPage key={id} id={id} />
}
