import { createFileRoute } from '@tanstack/react-router'
import { idParams } from '../../../../lib/route-schemas.ts'
import { PackageDetailPage } from '../../../../components/packages/PackageDetailPage.tsx'
import { PackageNotFound, PackagePending, PackageRouteError, loadPackage } from '../../../../components/packages/PackageRoute.tsx'

export const Route = createFileRoute('/_shell/_admin/package/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => loadPackage(context.queryClient, params.id),
  pendingComponent: PackagePending,
  errorComponent: PackageRouteError,
  notFoundComponent: PackageNotFound,
  component: PackageDetailRoute,
})

function PackageDetailRoute() {
  const { id } = Route.useParams()
  return <PackageDetailPage id={id} />
}
