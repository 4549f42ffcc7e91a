import { Stack, Title } from '@mantine/core'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { ProfileCard } from '../../../components/ProfileCard.tsx'
import { Catalogue } from '../../../components/learning/Catalogue.tsx'
import { DEFAULT_CATALOGUE_SEARCH, catalogueSearch } from '../../../components/learning/list.ts'
import { packagesQueryOptions } from '../../../queries/packages.ts'
import { currentUserQueryOptions } from '../../../queries/user.ts'

export const Route = createFileRoute('/_shell/user/my-dashboard')({
  validateSearch: catalogueSearch,
  search: { middlewares: [stripSearchParams(DEFAULT_CATALOGUE_SEARCH)] },
  loader: ({ context }) => {
    // The catalogue warms without holding the page (it shows skeletons, then the list or its failure).
    void context.queryClient.query(packagesQueryOptions()).catch(() => undefined)
    return context.queryClient.query(currentUserQueryOptions()).catch(() => undefined)
  },
  component: LearnerHome,
})

function LearnerHome() {
  const { q, sort } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        Home
      </Title>
      <ProfileCard />
      <Catalogue
        q={q}
        sort={sort}
        onSearch={(value) => void navigate({ search: (prev) => ({ ...prev, q: value }), replace: true })}
        onSort={(value) => void navigate({ search: (prev) => ({ ...prev, sort: value }), replace: true })}
      />
    </Stack>
  )
}
