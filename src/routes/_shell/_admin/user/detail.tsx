import { createFileRoute } from '@tanstack/react-router'
import { objectOf, searchId } from '../../../../lib/route-schemas.ts'
import { NoUserChosen, UserDetailError, UserDetailPage, UserDetailPending } from '../../../../components/users/UserDetailPage.tsx'
import { userQueryOptions } from '../../../../queries/users.ts'

const detailSearch = objectOf({ id: searchId })

export const Route = createFileRoute('/_shell/_admin/user/detail')({
  validateSearch: detailSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) => {
    if (deps.id) await context.queryClient.query({ ...userQueryOptions(deps.id), staleTime: 'static' })
  },
  pendingComponent: UserDetailPending,
  errorComponent: UserDetailError,
  component: UserDetailRoute,
})

function UserDetailRoute() {
  const { id } = Route.useSearch()
  return id ? <UserDetailPage key={id} id={id} /> : <NoUserChosen />
}
