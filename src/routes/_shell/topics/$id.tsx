import { Button, Group, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { IconLock } from '@tabler/icons-react'
import { routeId as idSchema } from '../../../lib/route-schemas.ts'
import { ApiError } from '../../../api/errors.ts'
import { EmptyState } from '../../../components/ui/EmptyState.tsx'
import { PageHeader } from '../../../components/ui/PageHeader.tsx'
import { PackageViewer } from '../../../components/learning/viewer/PackageViewer.tsx'
import { useFailureToast } from '../../../components/users/useFailureToast.ts'
import { packageQueryOptions } from '../../../queries/packages.ts'
import { ButtonLink } from '../../../components/ui/links.tsx'

/**
 * The tree carries signed media URLs valid for an hour: it is kept fresh well inside that, and not
 * refetched on window focus (new URLs would only reload what is already playing).
 */
const viewerTree = (id: number) => ({ ...packageQueryOptions(id), staleTime: 20 * 60_000, refetchOnWindowFocus: false, retryOnMount: false })

export const Route = createFileRoute('/_shell/topics/$id')({
  params: {
    parse: ({ id }: { id: string }) => {
      const parsed = idSchema.safeParse(id)
      if (!parsed.success) throw notFound()
      return { id: parsed.data }
    },
    stringify: ({ id }: { id: number }) => ({ id: String(id) }),
  },
  // Warms the tree without holding the page, which shows 'Loading package...' until it arrives.
  loader: ({ context, params }) => {
    void context.queryClient.query(viewerTree(params.id)).catch(() => undefined)
  },
  notFoundComponent: PackageMissing,
  component: PackageViewerPage,
})

function PackageViewerPage() {
  const { id } = Route.useParams()
  const tree = useQuery(viewerTree(id))
  const status = tree.error instanceof ApiError ? tree.error.status : 0
  const refused = status === 403 || status === 404
  useFailureToast({ isError: tree.isError && !refused, errorUpdatedAt: tree.errorUpdatedAt }, 'Failed to load package')

  if (tree.isPending) {
    return (
      <Stack gap="lg" maw={1400} aria-busy="true">
        <Text c="dimmed" role="status">
          Loading package...
        </Text>
      </Stack>
    )
  }
  if (status === 403) return <NotYours />
  if (status === 404) return <PackageMissing />
  if (tree.isError) {
    return (
      <Stack gap="lg" maw={960}>
        <PageHeader title="Package" />
        <EmptyState
          tone="error"
          action={
            <Button variant="light" onClick={() => void tree.refetch()} loading={tree.isFetching}>
              Retry
            </Button>
          }
        >
          Failed to load package
        </EmptyState>
      </Stack>
    )
  }
  return <PackageViewer pkg={tree.data} />
}

const BackLinks = () => (
  <Group gap="xs" justify="center">
    <ButtonLink to="/user/packages">
      Go to My Learning Packages
    </ButtonLink>
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
        Its videos, study materials and tests open once an administrator assigns it to you. Your own packages are under My Learning Packages.
      </EmptyState>
    </Stack>
  )
}

function PackageMissing() {
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title="Package not found" />
      <EmptyState action={<BackLinks />}>There is no package with this id. It may have been removed.</EmptyState>
    </Stack>
  )
}
