import { createFileRoute } from '@tanstack/react-router'
import { GroupsError, GroupsPage, GroupsPending } from '../../../../components/groups/GroupsPage.tsx'
import { groupsQueryOptions } from '../../../../queries/groups.ts'

export const Route = createFileRoute('/_shell/_admin/groups/')({
  loader: ({ context }) => context.queryClient.query({ ...groupsQueryOptions(), staleTime: 'static' }),
  pendingComponent: GroupsPending,
  errorComponent: GroupsError,
  component: GroupsPage,
})
