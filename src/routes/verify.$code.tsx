import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router'
import { PublicCard } from '../components/account/PublicCard.tsx'
import { CertificateCheck, CertificateCheckPending, CertificateNotFound } from '../components/certificates/CertificateCheck.tsx'
import { RouteLoadError } from '../components/ui/RouteLoadError.tsx'
import { verifyCertificateQueryOptions } from '../queries/certificates.ts'

const TITLE = 'Certificate check'
const DESCRIPTION = 'What Learnpack knows of the certificate this link names.'

/** `/verify/{code}`: public, outside the shell, the page a certificate's URL and QR code open. */
export const Route = createFileRoute('/verify/$code')({
  loader: ({ context, params }) => context.queryClient.query({ ...verifyCertificateQueryOptions(params.code), staleTime: 'static' }),
  pendingComponent: () => (
    <PublicCard title={TITLE} description={DESCRIPTION}>
      <CertificateCheckPending />
    </PublicCard>
  ),
  errorComponent: VerifyError,
  component: VerifyRoute,
})

function VerifyRoute() {
  const { code } = Route.useParams()
  return (
    <PublicCard title={TITLE} description={DESCRIPTION}>
      <CertificateCheck code={code} />
    </PublicCard>
  )
}

function VerifyError(props: ErrorComponentProps) {
  return (
    <PublicCard title={TITLE} description={DESCRIPTION}>
      <RouteLoadError {...props} failureText="The certificate could not be checked" notFound={<CertificateNotFound />} />
    </PublicCard>
  )
}
