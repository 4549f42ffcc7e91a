import { useEffect, useRef, useState } from 'react'
import { Anchor, Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { IconSearch } from '@tabler/icons-react'
import { objectOf, searchText } from '../../../../lib/route-schemas.ts'
import { EmptyState } from '../../../../components/ui/EmptyState.tsx'
import { AnchorLink } from '../../../../components/ui/links.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { AssignPackagesDialog } from '../../../../components/users/AssignPackagesDialog.tsx'
import { AssignedPackagesDialog } from '../../../../components/users/AssignedPackagesDialog.tsx'
import { filterUsers } from '../../../../components/users/search.ts'
import { ScrollTable, SkeletonRows } from '../../../../components/ui/ScrollTable.tsx'
import { useFailureToast } from '../../../../components/users/useFailureToast.ts'
import { packagesQueryOptions } from '../../../../queries/packages.ts'
import { allUsersQueryOptions } from '../../../../queries/user.ts'

const assignerSearch = objectOf({ q: searchText })
const COLUMNS = ['ID', 'Email', 'Name', 'Assigned Packages', 'Action'] as const

export const Route = createFileRoute('/_shell/_admin/admin/package-assigner')({
  validateSearch: assignerSearch,
  search: { middlewares: [stripSearchParams({ q: '' })] },
  loader: ({ context }) => {
    void context.queryClient.query(allUsersQueryOptions()).catch(() => undefined)
    void context.queryClient.query(packagesQueryOptions()).catch(() => undefined)
  },
  component: PackageAssignerPage,
})

function PackageAssignerPage() {
  const { q } = Route.useSearch()
  const navigate = Route.useNavigate()
  const users = useQuery({ ...allUsersQueryOptions(), retryOnMount: false })
  const packages = useQuery({ ...packagesQueryOptions(), retryOnMount: false })
  useFailureToast(users, 'Failed to fetch users')
  useFailureToast(packages, 'Failed to fetch packages')

  // The box is local so typing never waits on the URL; the URL follows it (and back/forward lead it).
  const [text, setText] = useState(q)
  const pushed = useRef(q)
  useEffect(() => {
    if (q !== pushed.current) {
      pushed.current = q
      setText(q)
    }
  }, [q])
  function search(value: string) {
    setText(value)
    pushed.current = value
    void navigate({ search: { q: value }, replace: true })
  }

  // Dialogs hold a user id; the user itself is read from the list, so it follows every refetch.
  const [assignId, setAssignId] = useState<number | null>(null)
  const [viewId, setViewId] = useState<number | null>(null)
  const [openCount, setOpenCount] = useState(0)
  const byId = (id: number | null) => (id === null ? null : (users.data?.find((u) => u.id === id) ?? null))
  const openAssign = (id: number) => {
    setOpenCount((n) => n + 1)
    setAssignId(id)
  }

  const shown = users.data ? filterUsers(users.data, q) : []

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Assign Packages"
        subtitle={
          <>
            Give learners the packages they should study. To type IDs instead, use the{' '}
            <AnchorLink to="/admin/package-to-user">
              assign form
            </AnchorLink>
            .
          </>
        }
      />
      <Group role="search" align="flex-end">
        <TextInput
          type="search"
          label="Search users"
          placeholder="Name or e-mail"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => search(e.currentTarget.value)}
          style={{ flex: '1 1 18rem' }}
          maw={480}
        />
      </Group>
      {packages.isError ? (
        <Text c="red" size="sm" role="alert">
          Failed to fetch packages.{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void packages.refetch()}>
            Retry
          </Anchor>
        </Text>
      ) : null}

      {users.isError ? (
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
        <Stack gap="xs">
          {users.data && q.trim() ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {shown.length} of {users.data.length} users match “{q.trim()}”
            </Text>
          ) : null}
          <ScrollTable label="Users and their packages" minWidth={720}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} scope="col" style={{ whiteSpace: 'nowrap' }}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!users.data ? (
                <SkeletonRows rows={5} columns={COLUMNS.length} />
              ) : shown.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text c="dimmed" ta="center" py="md">
                      {users.data.length === 0 ? 'No users found.' : `No users match “${q.trim()}”.`}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                shown.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td>{user.id}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.email}</Table.Td>
                    <Table.Td>
                      <AnchorLink to="/user/detail" search={{ id: user.id }} display="inline-block" miw="9rem">
                        {user.name}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Badge variant="light" color={user.packages.length ? 'indigo' : 'gray'}>
                          {user.packages.length}
                        </Badge>
                        <Button variant="subtle" size="compact-sm" onClick={() => setViewId(user.id)} aria-label={`View packages of ${user.name}`}>
                          View
                        </Button>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" onClick={() => openAssign(user.id)} aria-label={`Assign packages to ${user.name}`}>
                        Assign
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </ScrollTable>
        </Stack>
      )}

      <AssignPackagesDialog user={byId(assignId)} openCount={openCount} packages={packages} onClose={() => setAssignId(null)} />
      <AssignedPackagesDialog user={byId(viewId)} onClose={() => setViewId(null)} />
    </Stack>
  )
}
