import type { ReactNode } from 'react'
import { Skeleton, Stack } from '@mantine/core'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { RouteLoadError } from '../ui/RouteLoadError.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { MyPackages } from './MyPackages.tsx'
import type { MyPackageSort } from './list.ts'

interface MyPackagesPageProps {
  q: string
  sort: MyPackageSort
  onSearch: (q: string) => void
  onSort: (sort: MyPackageSort) => void
}

/** `/user/packages`: My Learning Packages. */
export function MyPackagesPage(props: MyPackagesPageProps) {
  return (
    <PageLayout>
      <MyPackages {...props} />
    </PageLayout>
  )
}

export function MyPackagesPending() {
  return (
    <PageLayout>
      <Stack gap="md" aria-busy="true" aria-label="Loading your packages">
        <Skeleton height={180} radius="md" />
        <Skeleton height={180} radius="md" />
      </Stack>
    </PageLayout>
  )
}

/** The learner's packages come with the current user: that could not be loaded. */
export function MyPackagesError(props: ErrorComponentProps) {
  return (
    <PageLayout>
      <RouteLoadError {...props} failureText="Failed to load user information." />
    </PageLayout>
  )
}

function PageLayout({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title="My Learning Packages"
        subtitle="The packages assigned to you: start learning, see your results and tell us what you think."
      />
      {children}
    </Stack>
  )
}
