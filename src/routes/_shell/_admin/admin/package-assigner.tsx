import { createFileRoute, stripSearchParams, type ErrorComponentProps } from '@tanstack/react-router'
import { objectOf, searchText } from '../../../../lib/route-schemas.ts'
import { PackageAssignerFrame, PackageAssignerPage, PackageAssignerPending } from '../../../../components/users/PackageAssignerPage.tsx'
import { RouteLoadError } from '../../../../components/ui/RouteLoadError.tsx'
import { allUsersQueryOptions } from '../../../../queries/users.ts'

const assignerSearch = objectOf({ q: searchText })

export const Route = createFileRoute('/_shell/_admin/admin/package-assigner')({
  validateSearch: assignerSearch,
  search: { middlewares: [stripSearchParams({ q: '' })] },
  loader: ({ context }) => context.queryClient.query({ ...allUsersQueryOptions(), staleTime: 'static' }),
  pendingComponent: AssignerPending,
  errorComponent: AssignerError,
  component: AssignerRoute,
})

function AssignerRoute() {
  return <PackageAssignerPage {...useSearchProps()} />
}

function AssignerPending() {
  return <PackageAssignerPending {...useSearchProps()} />
}

function AssignerError(props: ErrorComponentProps) {
  return (
    <PackageAssignerFrame {...useSearchProps()}>
      <RouteLoadError {...props} failureText="Failed to fetch users" />
    </PackageAssignerFrame>
  )
}

/** The search text and how to change it, for the page and its loading and failed states. */
function useSearchProps() {
  const { q } = Route.useSearch()
  const navigate = Route.useNavigate()
  return { q, onSearch: (value: string) => void navigate({ search: { q: value }, replace: true }) }
}
