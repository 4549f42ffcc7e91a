import { Button, Stack, Table, Text } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { EmptyState } from '../../../../components/ui/EmptyState.tsx'
import { AnchorLink, ButtonLink } from '../../../../components/ui/links.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { Pager } from '../../../../components/ui/Pager.tsx'
import { RoleBadge } from '../../../../components/users/RoleBadge.tsx'
import { UserAvatar } from '../../../../components/users/UserAvatar.tsx'
import { Blank, ScrollTable, SkeletonRows } from '../../../../components/ui/ScrollTable.tsx'
import { DEFAULT_PAGE_SEARCH, pageSearch } from '../../../../components/users/search.ts'
import { useFailureToast } from '../../../../components/users/useFailureToast.ts'
import { USERS_TABLE_PAGE_SIZE, usersPageQueryOptions } from '../../../../queries/user.ts'

const SIZE = USERS_TABLE_PAGE_SIZE
const COLUMNS = ['ID', 'Picture', 'Name', 'Email', 'Role', 'Given Name', 'Family Name'] as const

export const Route = createFileRoute('/_shell/_admin/admin/paginated-users')({
  validateSearch: pageSearch,
  search: { middlewares: [stripSearchParams(DEFAULT_PAGE_SEARCH)] },
  loaderDeps: ({ search }) => ({ page: search.page }),
  // Warms the page without holding it: the table shows skeleton rows, then the users or an inline failure.
  loader: ({ context, deps }) => {
    void context.queryClient.query(usersPageQueryOptions(deps.page - 1, SIZE)).catch(() => undefined)
  },
  component: UsersTablePage,
})

function UsersTablePage() {
  const { page } = Route.useSearch()
  const navigate = Route.useNavigate()
  const users = useQuery({ ...usersPageQueryOptions(page - 1, SIZE), placeholderData: keepPreviousData, retryOnMount: false })
  useFailureToast(users, 'Failed to fetch users')

  const goTo = (next: number) => void navigate({ search: (prev) => ({ ...prev, page: next }) })
  const data = users.data
  const first = data ? data.number * data.size + 1 : 0
  const last = data ? data.number * data.size + data.content.length : 0

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Users Details"
        subtitle="Everyone who has an account. Open a user to see their packages or change their role."
        actions={
          <ButtonLink to="/user/list" variant="default">
            Card view
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
      ) : (
        <>
          <ScrollTable label="Users" minWidth={820}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} scope="col" style={{ whiteSpace: 'nowrap' }}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody aria-busy={users.isFetching || undefined} style={{ opacity: users.isPlaceholderData ? 0.6 : 1 }}>
              {!data ? (
                <SkeletonRows rows={SIZE} columns={COLUMNS.length} />
              ) : data.content.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text c="dimmed" ta="center" py="md">
                      {data.totalElements === 0 ? 'No users found.' : 'There are no users on this page.'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                data.content.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>{user.id}</Table.Td>
                    <Table.Td>
                      <UserAvatar user={user} size="md" />
                    </Table.Td>
                    <Table.Td>
                      <AnchorLink to="/user/detail" search={{ id: user.id }} fw={500} display="inline-block" miw="9rem">
                        {user.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.email}</Table.Td>
                    <Table.Td>
                      <RoleBadge role={user.role} />
                    </Table.Td>
                    <Table.Td>{user.givenName || <Blank />}</Table.Td>
                    <Table.Td>{user.familyName || <Blank />}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </ScrollTable>

          {data && data.totalElements > 0 ? (
            <Stack gap="xs" align="center">
              <Pager label="Users pages" numbered page={page} total={data.totalPages} onChange={goTo} />
              <Text size="sm" c="dimmed" aria-live="polite">
                {data.content.length ? `Showing ${first}–${last} of ${data.totalElements} users` : `${data.totalElements} users`}
              </Text>
            </Stack>
          ) : null}
        </>
      )}
    </Stack>
  )
}
