import { Button, Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import type { User } from '../../../../../contract/auth.ts'
import { EmptyState } from '../../../../components/ui/EmptyState.tsx'
import { AnchorLink, ButtonLink } from '../../../../components/ui/links.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { Pager } from '../../../../components/ui/Pager.tsx'
import { RoleBadge } from '../../../../components/users/RoleBadge.tsx'
import { UserAvatar } from '../../../../components/users/UserAvatar.tsx'
import { DEFAULT_PAGE_SEARCH, pageSearch } from '../../../../components/users/search.ts'
import { useFailureToast } from '../../../../components/users/useFailureToast.ts'
import { usersPageQueryOptions } from '../../../../queries/user.ts'

/** Cards per page: fills 1, 2, 3 or 4 columns evenly. */
const USER_GRID_PAGE_SIZE = 12

export const Route = createFileRoute('/_shell/_admin/user/list')({
  validateSearch: pageSearch,
  search: { middlewares: [stripSearchParams(DEFAULT_PAGE_SEARCH)] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  loader: ({ context, deps }) => {
    void context.queryClient.query(usersPageQueryOptions(deps.page - 1, USER_GRID_PAGE_SIZE)).catch(() => undefined)
  },
  component: AllUsersPage,
})

function AllUsersPage() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  const users = useQuery({ ...usersPageQueryOptions(page - 1, USER_GRID_PAGE_SIZE), placeholderData: keepPreviousData, retryOnMount: false })
  useFailureToast(users, 'Failed to fetch users')
  const data = users.data

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="All Users"
        subtitle={data ? `${data.totalElements} ${data.totalElements === 1 ? 'person has' : 'people have'} an account.` : undefined}
        actions={
          <ButtonLink to="/admin/paginated-users" variant="default">
            Table view
          </ButtonLink>
        }
      />
      {users.isError && !data ? (
        <EmptyState
          tone="error"
          action={
            <Button variant="light" onClick={() => void users.refetch()} loading={users.isFetching}>
              Retry
            </Button>
          }
        >
          Failed to fetch users
        </EmptyState>
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} aria-busy="true" aria-label="Loading users">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={170} radius="md" />
          ))}
        </SimpleGrid>
      ) : data.content.length === 0 ? (
        <EmptyState action={page > 1 ? <Button variant="light" onClick={() => void navigate({ search: { page: 1 } })}>Go to the first page</Button> : undefined}>
          {data.totalElements === 0 ? 'No users found.' : 'There are no users on this page.'}
        </EmptyState>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 1, xs: 2, md: 3, xl: 4 }} p={0} m={0} style={{ listStyle: 'none', opacity: users.isPlaceholderData ? 0.6 : 1 }} aria-label="Users">
          {data.content.map((user) => (
            <UserCard key={user.id} user={user} />
          ))}
        </SimpleGrid>
      )}
      {data && data.totalElements > 0 ? <Pager label="All users pages" page={page} total={data.totalPages} onChange={(next) => void navigate({ search: { page: next } })} /> : null}
    </Stack>
  )
}

function UserCard({ user }: { user: User }) {
  return (
    <Card component="li" withBorder radius="md" padding="lg" aria-label={user.name}>
      <Stack gap={6} align="center" ta="center">
        <UserAvatar user={user} size={64} />
        <AnchorLink to="/user/detail" search={{ id: user.id }} fw={600} lineClamp={2} mt={4}>
          {user.name}
        </AnchorLink>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
        <RoleBadge role={user.role} />
      </Stack>
    </Card>
  )
}
