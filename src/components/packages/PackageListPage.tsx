import type { ReactNode } from 'react'
import { Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { IconPlus } from '@tabler/icons-react'
import { PACKAGE_SORTS, filterAndSortPackages, orderOf, type PackageSort } from '../../lib/package-list.ts'
import { packagesQueryOptions } from '../../queries/packages.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { ListControls } from '../ui/ListControls.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { PackageCard, PackageCardSkeleton } from './PackageCard.tsx'

interface PackageListPageProps {
  q: string
  sort: PackageSort
  onSearch: (q: string) => void
  onSort: (sort: PackageSort) => void
}

/** `/package`: every package with its skills, searched and sorted as the URL says. */
export function PackageListPage({ q, sort, onSearch, onSort }: PackageListPageProps) {
  const { data: packages } = useSuspenseQuery(packagesQueryOptions())
  const shown = filterAndSortPackages(packages, q, orderOf(PACKAGE_SORTS, sort))

  return (
    <PackageListFrame>
      <ListControls
        searchLabel="Search packages"
        placeholder="Package or skill title"
        q={q}
        sort={sort}
        sorts={PACKAGE_SORTS}
        onSearch={onSearch}
        onSort={onSort}
      />
      {shown.length === 0 ? (
        <EmptyState>No packages found.</EmptyState>
      ) : (
        <Stack gap="md">
          {q.trim() ? (
            <Text size="sm" c="dimmed" aria-live="polite">
              {shown.length} of {packages.length} packages match “{q.trim()}”
            </Text>
          ) : null}
          {shown.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} />
          ))}
        </Stack>
      )}
    </PackageListFrame>
  )
}

export function PackageListPending() {
  return (
    <PackageListFrame>
      <Stack gap="md" aria-busy="true" aria-label="Loading packages">
        <PackageCardSkeleton />
        <PackageCardSkeleton />
      </Stack>
    </PackageListFrame>
  )
}

export function PackageListFrame({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="Packages"
        subtitle="Build packages of skills, then add their topics, sub-topics and content."
        actions={
          <ButtonLink to="/package/create" leftSection={<IconPlus size={16} />}>
            Create Package
          </ButtonLink>
        }
      />
      {children}
    </Stack>
  )
}
