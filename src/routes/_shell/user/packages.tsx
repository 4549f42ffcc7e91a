import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { MyPackagesError, MyPackagesPage, MyPackagesPending } from '../../../components/learning/MyPackagesPage.tsx'
import { DEFAULT_MY_PACKAGES_SEARCH, myPackagesSearch } from '../../../components/learning/list.ts'
import { currentUserQueryOptions } from '../../../queries/user.ts'

export const Route = createFileRoute('/_shell/user/packages')({
  validateSearch: myPackagesSearch,
  search: { middlewares: [stripSearchParams(DEFAULT_MY_PACKAGES_SEARCH)] },
  loader: ({ context }) => context.queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' }),
  pendingComponent: MyPackagesPending,
  errorComponent: MyPackagesError,
  component: MyPackagesRoute,
})

function MyPackagesRoute() {
  const { q, sort } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <MyPackagesPage
      q={q}
      sort={sort}
      onSearch={(value) => void navigate({ search: (prev) => ({ ...prev, q: value }), replace: true })}
      onSort={(value) => void navigate({ search: (prev) => ({ ...prev, sort: value }), replace: true })}
    />
  )
}
