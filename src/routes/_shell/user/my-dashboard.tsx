import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { LearnerHome, LearnerHomeError, LearnerHomePending } from '../../../components/learning/LearnerHome.tsx'
import { DEFAULT_CATALOGUE_SEARCH, catalogueSearch } from '../../../components/learning/list.ts'
import { packagesQueryOptions } from '../../../queries/packages.ts'
import { currentUserQueryOptions } from '../../../queries/user.ts'
import { neededWithExtra } from '../../../lib/load-queries.ts'

export const Route = createFileRoute('/_shell/user/my-dashboard')({
  validateSearch: catalogueSearch,
  search: { middlewares: [stripSearchParams(DEFAULT_CATALOGUE_SEARCH)] },
  // The current user only fills the profile card and marks owned packages: its failure shows on the card.
  loader: ({ context: { queryClient } }) =>
    neededWithExtra(
      queryClient.query({ ...packagesQueryOptions(), staleTime: 'static' }),
      queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' }),
    ),
  pendingComponent: LearnerHomePending,
  errorComponent: LearnerHomeError,
  component: LearnerHomeRoute,
  // The loader stays in the entry: it calls the API while the screen's chunks download, not after them.
  codeSplitGroupings: [['component', 'pendingComponent', 'errorComponent', 'notFoundComponent']],
})

function LearnerHomeRoute() {
  const { q, sort } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <LearnerHome
      q={q}
      sort={sort}
      onSearch={(value) => void navigate({ search: (prev) => ({ ...prev, q: value }), replace: true })}
      onSort={(value) => void navigate({ search: (prev) => ({ ...prev, sort: value }), replace: true })}
    />
  )
}
