import { createFileRoute } from '@tanstack/react-router'
import { MyCertificatesError, MyCertificatesPage, MyCertificatesPending } from '../../../components/certificates/MyCertificatesPage.tsx'
import { myCertificatesQueryOptions } from '../../../queries/certificates.ts'

export const Route = createFileRoute('/_shell/user/certificates')({
  loader: ({ context }) => context.queryClient.query({ ...myCertificatesQueryOptions(), staleTime: 'static' }),
  pendingComponent: MyCertificatesPending,
  errorComponent: MyCertificatesError,
  component: MyCertificatesPage,
})
