import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { DEFAULT_PACKAGE_SEARCH, packageListSearch } from '../../../../components/packages/list.ts'
import { PackageListFrame, PackageListPage, PackageListPending } from '../../../../components/packages/PackageListPage.tsx'
import { RouteLoadError } from '../../../../components/ui/RouteLoadError.tsx'
import { packagesQueryOptions } from '../../../../queries/packages.ts'

export const Route = createFileRoute('/_shell/_admin/package/')({
  validateSearch: packageListSearch,
  search: { middlewares: [stripSearchParams(DEFAULT_PACKAGE_SEARCH)] },
  loader: ({ context }) => context.queryClient.query({ ...packagesQueryOptions(), staleTime: 'static' }),
  pendingComponent: PackageListPending,
  errorComponent: (props) => (
    <PackageListFrame>
      <RouteLoadError {...props} failureText="Failed to fetch packages" />
    </PackageListFrame>
  ),
  component: PackageListRoute,
})

function PackageListRoute() {
  const { q, sort } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <PackageListPage
      q={q}
      sort={sort}
      onSearch={(value) => void navigate({ search: (prev) => ({ ...prev, q: value }), replace: true })}
      onSort={(value) => void navigate({ search: (prev) => ({ ...prev, sort: value }), replace: true })}
    />
  )
}
