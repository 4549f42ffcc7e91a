import { Stack } from '@mantine/core'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { PageHeader } from '../../../components/ui/PageHeader.tsx'
import { MyPackages } from '../../../components/learning/MyPackages.tsx'
import { DEFAULT_MY_PACKAGES_SEARCH, myPackagesSearch } from '../../../components/learning/list.ts'
import { currentUserQueryOptions } from '../../../queries/user.ts'

export const Route = createFileRoute('/_shell/user/packages')({
  validateSearch: myPackagesSearch,
  search: { middlewares: [stripSearchParams(DEFAULT_MY_PACKAGES_SEARCH)] },
  loader: ({ context }) => {
    void context.queryClient.query(currentUserQueryOptions()).catch(() => undefined)
  },
  component: MyPackagesPage,
})

function MyPackagesPage() {
  const { q, sort } = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="My Learning Packages" subtitle="The packages assigned to you: start learning, see your results and tell us what you think." />
      <MyPackages
        q={q}
        sort={sort}
        onSearch={(value) => void navigate({ search: (prev) => ({ ...prev, q: value }), replace: true })}
        onSort={(value) => void navigate({ search: (prev) => ({ ...prev, sort: value }), replace: true })}
      />
    </Stack>
  )
}
