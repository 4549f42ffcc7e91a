import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { UsersPage, UsersPending, USERS_VIEWS, usersViewQueryOptions } from '../../../../components/users/UsersPage.tsx'
import { DEFAULT_PAGE_SEARCH, pageSearch } from '../../../../components/users/search.ts'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { RouteLoadError } from '../../../../components/ui/RouteLoadError.tsx'

export const Route = createFileRoute('/_shell/_admin/user/list')({
  validateSearch: pageSearch,
  search: { middlewares: [stripSearchParams(DEFAULT_PAGE_SEARCH)] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => context.queryClient.query({ ...usersViewQueryOptions('cards', deps.page), staleTime: 'static' }),
  pendingComponent: () => <UsersPending view="cards" />,
  errorComponent: (props) => (
    <RouteLoadError {...props} header={<PageHeader title={USERS_VIEWS.cards.title} />} failureText="Failed to fetch users" />
  ),
  component: UserCardsRoute,
})

function UserCardsRoute() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  return <UsersPage view="cards" page={page} onPage={(next) => void navigate({ search: { page: next } })} />
}
