import { useState, type ReactNode } from 'react'
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { packagesQueryOptions } from '../../queries/packages.ts'
import { allUsersQueryOptions } from '../../queries/users.ts'
import { AnchorLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { ScrollTable, SkeletonRows } from '../ui/ScrollTable.tsx'
import { SearchBox } from '../ui/SearchBox.tsx'
import { AssignPackagesDialog } from './AssignPackagesDialog.tsx'
import { AssignedPackagesDialog } from './AssignedPackagesDialog.tsx'
import { AccessRequestsSection } from './AccessRequestsSection.tsx'
import { filterUsers } from '../../lib/user-search.ts'
import { LoadFailed } from '../ui/LoadFailed.tsx'

const COLUMNS = ['ID', 'Email', 'Name', 'Assigned Packages', 'Action'] as const

/** `/admin/package-assigner`: every user with their packages, searchable, with the Assign and View dialogs. */
export function PackageAssignerPage({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const { data: users } = useSuspenseQuery(allUsersQueryOptions())
  // Only the Assign dialog needs the packages: a failure is said there (and toasted), the users table stays.
  const packages = useQuery({ ...packagesQueryOptions(), retryOnMount: false })

  // Dialogs hold a user id; the user itself is read from the list, so it follows every refetch.
  const [assignId, setAssignId] = useState<number | null>(null)
  const [viewId, setViewId] = useState<number | null>(null)
  const [openCount, setOpenCount] = useState(0)
  const byId = (id: number | null) => (id === null ? null : (users.find((u) => u.id === id) ?? null))
  const openAssign = (id: number) => {
    setOpenCount((n) => n + 1)
    setAssignId(id)
  }

  const shown = filterUsers(users, q)

  return (
    <PackageAssignerFrame q={q} onSearch={onSearch}>
      {packages.isError ? (
        <LoadFailed onRetry={() => void packages.refetch()} retrying={packages.isFetching}>
          Failed to fetch packages
        </LoadFailed>
      ) : null}

      <Stack gap="xs">
        {q.trim() ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            {shown.length} of {users.length} users match “{q.trim()}”
          </Text>
        ) : null}
        <ScrollTable label="Users and their packages" minWidth={720} columns={COLUMNS} stickyAction>
          <Table.Tbody>
            {shown.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {users.length === 0 ? 'No users found.' : `No users match “${q.trim()}”.`}
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
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        onClick={() => setViewId(user.id)}
                        aria-label={`View packages of ${user.name}`}
                      >
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

      <AccessRequestsSection />

      <AssignPackagesDialog user={byId(assignId)} openCount={openCount} packages={packages} onClose={() => setAssignId(null)} />
      <AssignedPackagesDialog user={byId(viewId)} onClose={() => setViewId(null)} />
    </PackageAssignerFrame>
  )
}

export function PackageAssignerPending({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  return (
    <PackageAssignerFrame q={q} onSearch={onSearch}>
      <ScrollTable label="Users and their packages" minWidth={720} columns={COLUMNS} stickyAction>
        <Table.Tbody>
          <SkeletonRows rows={5} columns={COLUMNS.length} />
        </Table.Tbody>
      </ScrollTable>
    </PackageAssignerFrame>
  )
}

/** The header and search box, also above the loading and failed states. */
export function PackageAssignerFrame({ q, onSearch, children }: { q: string; onSearch: (q: string) => void; children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title="Assign Packages"
        subtitle={
          <>
            Give learners the packages they should study. To type IDs instead, use the{' '}
            <AnchorLink to="/admin/package-to-user">assign form</AnchorLink>.
          </>
        }
      />
      <Group role="search" align="flex-end">
        <SearchBox label="Search users" placeholder="Name or e-mail" q={q} onSearch={onSearch} style={{ flex: '1 1 18rem' }} maw={480} />
      </Group>
      {children}
    </Stack>
  )
}
