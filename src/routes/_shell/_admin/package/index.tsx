import { useEffect, useRef, useState } from 'react'
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link, createFileRoute, stripSearchParams } from '@tanstack/react-router'
import { IconPlus, IconSearch } from '@tabler/icons-react'
import { EmptyState } from '../../../../components/ui/EmptyState.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { PackageCard, PackageCardSkeleton } from '../../../../components/packages/PackageCard.tsx'
import { DEFAULT_PACKAGE_SEARCH, PACKAGE_SORTS, filterAndSortPackages, packageListSearch, type PackageSort } from '../../../../components/packages/list.ts'
import { notify } from '../../../../lib/toast.ts'
import { packagesQueryOptions } from '../../../../queries/packages.ts'

export const Route = createFileRoute('/_shell/_admin/package/')({
  validateSearch: packageListSearch,
  search: { middlewares: [stripSearchParams(DEFAULT_PACKAGE_SEARCH)] },
  // Warms the list without holding the page: the page shows skeletons, then the list or an inline failure.
  loader: ({ context }) => {
    void context.queryClient.query(packagesQueryOptions()).catch(() => undefined)
  },
  component: PackageListPage,
})

function PackageListPage() {
  const { q, sort } = Route.useSearch()
  const navigate = Route.useNavigate()
  const packages = useQuery({ ...packagesQueryOptions(), retryOnMount: false })

  // The search box is local so typing never waits on the URL; the URL follows it (and back/forward lead it).
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
    void navigate({ search: (prev) => ({ ...prev, q: value }), replace: true })
  }

  // One toast per failed load (a retry that fails again raises another).
  const toasted = useRef(0)
  useEffect(() => {
    if (packages.isError && packages.errorUpdatedAt !== toasted.current) {
      toasted.current = packages.errorUpdatedAt
      notify.error('Failed to fetch packages')
    }
  }, [packages.isError, packages.errorUpdatedAt])

  const shown = packages.data ? filterAndSortPackages(packages.data, q, sort) : []

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Packages"
        subtitle="Build packages of skills, then add their topics, sub-topics and content."
        actions={
          <Button component={Link} to="/package/create" leftSection={<IconPlus size={16} />}>
            Create Package
          </Button>
        }
      />

      <Group align="flex-end" gap="sm" wrap="wrap" role="search">
        <TextInput
          label="Search packages"
          placeholder="Package or skill title"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => search(e.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
          type="search"
        />
        <NativeSelect
          label="Sort by"
          value={sort}
          data={PACKAGE_SORTS.map((s) => ({ value: s.value, label: s.label }))}
          onChange={(e) => {
            const value = e.currentTarget.value as PackageSort
            void navigate({ search: (prev) => ({ ...prev, sort: value }), replace: true })
          }}
          style={{ flex: '0 1 12rem' }}
        />
      </Group>

      {packages.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading packages">
          <PackageCardSkeleton />
          <PackageCardSkeleton />
        </Stack>
      ) : packages.isError ? (
        <EmptyState
          tone="error"
          action={
            <Button variant="light" onClick={() => void packages.refetch()} loading={packages.isFetching}>
              Retry
            </Button>
          }
        >
          Failed to fetch packages
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState>No packages found.</EmptyState>
      ) : (
        <Stack gap="md">
          {q.trim() ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {shown.length} of {packages.data.length} packages match “{q.trim()}”
            </Text>
          ) : null}
          {shown.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} />
          ))}
        </Stack>
      )}
    </Stack>
  )
}
