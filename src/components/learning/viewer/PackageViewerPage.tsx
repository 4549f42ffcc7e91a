import { Group, Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { IconLock } from '@tabler/icons-react'
import { EmptyState } from '../../ui/EmptyState.tsx'
import { RouteLoadError } from '../../ui/RouteLoadError.tsx'
import { ButtonLink } from '../../ui/links.tsx'
import { DeferredMount } from '../../ui/DeferredMount.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { PackageViewer } from './PackageViewer.tsx'
import { viewerTreeQueryOptions } from '../../../queries/viewer.ts'
import type { ViewerFocus } from './focus.ts'

/** `/topics/{id}`: the package the route's loader fetched, in the viewer, opened where the search asks (`?skill=`, a search hit's `?subTopic=`…). */
export function PackageViewerPage({ id, focus }: { id: number; focus?: ViewerFocus }) {
  const { data: pkg } = useSuspenseQuery(viewerTreeQueryOptions(id))
  // A new focus (another skill or search hit in the same package) opens the viewer afresh.
  return (
    <DeferredMount fallback={<PackageViewerPending />}>
      <PackageViewer key={JSON.stringify(focus ?? {})} pkg={pkg} focus={focus} />
    </DeferredMount>
  )
}

export function PackageViewerPending() {
  return (
    <Stack gap="lg" maw={1400} aria-busy="true">
      <Text c="dimmed" role="status">
        Loading package...
      </Text>
    </Stack>
  )
}

/** A 403 is a package not assigned to the learner, a 404 one that does not exist; anything else may work on a retry. */
export function PackageViewerError(props: ErrorComponentProps) {
  return (
    <RouteLoadError
      {...props}
      header={<PageHeader title="Package" />}
      failureText="Failed to load package"
      forbidden={<NotYours />}
      notFound={<PackageMissing />}
    />
  )
}

const BackLinks = () => (
  <Group gap="xs" justify="center">
    <ButtonLink to="/user/packages">Go to My Learning Packages</ButtonLink>
    <ButtonLink to="/user/my-dashboard" variant="default">
      Explore Learning Packages
    </ButtonLink>
  </Group>
)

/** A learner opening a package that is not assigned to them (the server answered 403). */
function NotYours() {
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title="This package is not available to you" />
      <EmptyState action={<BackLinks />}>
        <IconLock size={28} stroke={1.5} aria-hidden="true" style={{ display: 'block', margin: '0 auto 8px' }} />
        Its videos, study materials and tests open once an administrator assigns it to you. Your own packages are under My Learning
        Packages.
      </EmptyState>
    </Stack>
  )
}

export function PackageMissing() {
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title="Package not found" />
      <EmptyState action={<BackLinks />}>There is no package with this id. It may have been removed.</EmptyState>
    </Stack>
  )
}
