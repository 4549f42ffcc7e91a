import { Button, Stack } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import type { PackageInput } from '../../../../../contract/content.ts'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { PackageForm } from '../../../../components/packages/PackageForm.tsx'
import { PackageNotFound, PackagePending, PackageRouteError, loadPackage } from '../../../../components/packages/PackageRoute.tsx'
import { packageIdParams } from '../../../../components/packages/params.ts'
import { notify } from '../../../../lib/toast.ts'
import { packageQueryOptions, useUpdatePackage } from '../../../../queries/packages.ts'

export const Route = createFileRoute('/_shell/_admin/package/edit/$id')({
  params: packageIdParams,
  // ?addSkill=true opens the form with an empty skill row ready ('Add new Skill for this package').
  validateSearch: (search: Record<string, unknown>): { addSkill?: boolean } => (search.addSkill === true || search.addSkill === 'true' ? { addSkill: true } : {}),
  loader: ({ context, params }) => loadPackage(context.queryClient, params.id),
  pendingComponent: PackagePending,
  errorComponent: PackageRouteError,
  notFoundComponent: PackageNotFound,
  component: EditPackagePage,
})

function EditPackagePage() {
  const { id } = Route.useParams()
  const { addSkill } = Route.useSearch()
  const { data: pkg } = useSuspenseQuery(packageQueryOptions(id))
  const update = useUpdatePackage(id)
  const navigate = useNavigate()

  async function save(payload: PackageInput) {
    await update.mutateAsync(payload)
    notify.success('Package updated')
    await navigate({ to: '/package' })
  }

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="Edit Package"
        subtitle={pkg.title}
        actions={
          <Button component={Link} to={`/package/${id}`} variant="default">
            View package
          </Button>
        }
      />
      {/* Keyed by id so moving between packages starts a fresh form. */}
      <PackageForm key={pkg.id} initial={pkg} startWithNewSkill={addSkill} submitLabel="Update Package" failureMessage="Failed to update package" onSubmit={save} />
    </Stack>
  )
}
