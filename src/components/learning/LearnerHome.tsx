import type { ReactNode } from 'react'
import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { ProfileCard } from '../ProfileCard.tsx'
import { RouteLoadError } from '../ui/RouteLoadError.tsx'
import { DeferredMount } from '../ui/DeferredMount.tsx'
import { Catalogue } from './Catalogue.tsx'
import { ContinueLearning } from './ContinueLearning.tsx'
import { DueThisWeek } from './DueThisWeek.tsx'
import type { CatalogueSort } from './list.ts'

interface LearnerHomeProps {
  q: string
  sort: CatalogueSort
  onSearch: (q: string) => void
  onSort: (sort: CatalogueSort) => void
}

/**
 * `/user/my-dashboard`: the learner's profile card, what is due this week, 'Continue learning' when they have started
 * something, then the catalogue.
 */
export function LearnerHome(props: LearnerHomeProps) {
  return (
    <HomeLayout>
      <DeferredMount fallback={<PackagesSkeleton />}>
        <DueThisWeek />
        <ContinueLearning />
        <Catalogue {...props} />
      </DeferredMount>
    </HomeLayout>
  )
}

export function LearnerHomePending() {
  return (
    <HomeLayout>
      <PackagesSkeleton />
    </HomeLayout>
  )
}

const PackagesSkeleton = () => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-busy="true" aria-label="Loading packages">
    <Skeleton height={220} radius="md" />
    <Skeleton height={220} radius="md" />
  </SimpleGrid>
)

/** The catalogue could not be loaded: the profile card stays, the failure shows where the packages would be. */
export function LearnerHomeError(props: ErrorComponentProps) {
  return (
    <HomeLayout>
      <ExploreSection>
        <RouteLoadError {...props} failureText="Failed to fetch packages" />
      </ExploreSection>
    </HomeLayout>
  )
}

function HomeLayout({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        Home
      </Title>
      <ProfileCard />
      {children}
    </Stack>
  )
}

/** The catalogue's section as the error view shows it (the catalogue renders its own). */
function ExploreSection({ children }: { children: ReactNode }) {
  return (
    <Stack gap="md" component="section" aria-labelledby="explore-heading">
      <Title order={2} size="h3" id="explore-heading">
        Explore Learning Packages
      </Title>
      {children}
    </Stack>
  )
}
