import { Alert, Stack, Text } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react'
import type { CertificateVerification } from '../../../contract/certificates.ts'
import { formatCertificateDate } from '../../lib/certificates.ts'
import { verifyCertificateQueryOptions } from '../../queries/certificates.ts'

const VERDICT = {
  valid: { title: 'This certificate is valid', color: 'teal', icon: <IconCircleCheck aria-hidden /> },
  expired: { title: 'This certificate has expired', color: 'orange', icon: <IconAlertTriangle aria-hidden /> },
  revoked: { title: 'This certificate was revoked', color: 'red', icon: <IconCircleX aria-hidden /> },
} as const

/** `/verify/{code}`: what Learnpack knows of the certificate with this code. */
export function CertificateCheck({ code }: { code: string }) {
  const { data } = useSuspenseQuery(verifyCertificateQueryOptions(code))
  return <CertificateFacts certificate={data} />
}

function CertificateFacts({ certificate }: { certificate: CertificateVerification }) {
  const verdict = VERDICT[certificate.status]
  return (
    <Stack gap="md">
      <Alert color={verdict.color} icon={verdict.icon} title={verdict.title} role="status" variant="light">
        {certificate.status === 'revoked' && certificate.revokedAt
          ? `Revoked on ${formatCertificateDate(certificate.revokedAt)}. It no longer proves the training below.`
          : certificate.status === 'expired'
            ? 'It proved the training below until its expiry date.'
            : 'Learnpack issued it for the training below.'}
      </Alert>
      <dl style={{ margin: 0 }}>
        <Fact term="Awarded to">{certificate.learnerName}</Fact>
        <Fact term="For completing">{certificate.packageTitle}</Fact>
        <Fact term="Issued">{formatCertificateDate(certificate.issuedAt)}</Fact>
        <Fact term={certificate.status === 'expired' ? 'Expired' : 'Valid until'}>
          {certificate.expiresAt ? formatCertificateDate(certificate.expiresAt) : 'Does not expire'}
        </Fact>
      </dl>
    </Stack>
  )
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <Stack gap={0} mb="sm">
      <Text component="dt" size="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  )
}

export function CertificateCheckPending() {
  return (
    <Text role="status" c="dimmed">
      Checking the certificate…
    </Text>
  )
}

/** No certificate has this code (a 404). */
export function CertificateNotFound() {
  return (
    <Alert color="gray" title="No certificate found" role="alert">
      We found no certificate with this code. Check that the link is complete.
    </Alert>
  )
}
