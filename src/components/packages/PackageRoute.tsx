import { Card, Skeleton, Stack } from '@mantine/core'
import { notFound, type ErrorComponentProps } from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { Package } from '../../../contract/content.ts'
import { packageQueryOptions } from '../../queries/packages.ts'
import { ApiError } from '../../api/errors.ts'
import { BackToPackages } from '../ui/BackToPackages.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { RouteLoadError } from '../ui/RouteLoadError.tsx'

/** Loads one package's tree for a route loader; a 404 becomes the route's 'Package not found' view. */
export async function loadPackage(queryClient: QueryClient, id: number): Promise<Package> {
  try {
    return await queryClient.query({ ...packageQueryOptions(id), staleTime: 'static' })
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound()
    throw error
  }
}

/** Placeholder while a package route loads. */
export function PackagePending() {
  return (
    <Stack gap="lg" maw={1100} aria-busy="true" aria-label="Loading package">
      <Skeleton height={32} width="40%" />
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Skeleton height={14} width="70%" />
          <Skeleton height={14} width="50%" />
          <Skeleton height={40} />
        </Stack>
      </Card>
      <Skeleton height={120} radius="md" />
    </Stack>
  )
}

/** A package that does not exist (a 404, or an id that is not a number). */
export function PackageNotFound() {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Package not found" />
      <EmptyState action={<ButtonLink to="/package">Back to packages</ButtonLink>}>
        There is no package with this id. It may have been deleted.
      </EmptyState>
    </Stack>
  )
}

/** Error view of /package/{id} and /package/edit/{id}: 'Package not found' for a 404, otherwise the failure with Retry. */
export function PackageRouteError(props: ErrorComponentProps) {
  return (
    <RouteLoadError
      {...props}
      header={<PageHeader title="Package" />}
      failureText="Failed to load package"
      actions={<BackToPackages />}
      notFound={<PackageNotFound />}
    />
  )
}
