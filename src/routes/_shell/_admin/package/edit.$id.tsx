import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../../lib/route-schemas.ts'
import { EditPackagePage } from '../../../../components/packages/EditPackagePage.tsx'
import { certificateSettingsQueryOptions } from '../../../../queries/certificates.ts'
import { PackageNotFound, PackagePending, PackageRouteError, loadPackage } from '../../../../components/packages/PackageRoute.tsx'

export const Route = createFileRoute('/_shell/_admin/package/edit/$id')({
  params: idParams('id'),
  // ?addSkill=true opens the form with an empty skill row ready ('Add new Skill for this package').
  validateSearch: (search: Record<string, unknown>): { addSkill?: boolean } =>
    search.addSkill === true || search.addSkill === 'true' ? { addSkill: true } : {},
  // The certificate settings load beside the package; their failure stays in their own section, not the page's.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(certificateSettingsQueryOptions(params.id))
    return loadPackage(context.queryClient, params.id)
  },
  pendingComponent: PackagePending,
  errorComponent: PackageRouteError,
  notFoundComponent: PackageNotFound,
  component: EditPackageRoute,
})

function EditPackageRoute() {
  const { id } = Route.useParams()
  const { addSkill } = Route.useSearch()
  return <EditPackagePage id={id} addSkill={addSkill} />
}
