import { Badge } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconCertificate } from '@tabler/icons-react'
import { formatCertificateDate } from '../../lib/certificates.ts'
import { certificateStandingQueryOptions } from '../../queries/certificate-standing.ts'

/** "Certificate earned" or "Recertify by {date}" for one of the learner's packages; nothing otherwise (or while loading). */
export function CertificateStanding({ packageId }: { packageId: number }) {
  const standing = useQuery(certificateStandingQueryOptions())
  const entry = standing.data?.find((s) => s.packageId === packageId)
  if (!entry) return null
  const text =
    entry.state === 'recertify' && entry.recertifyBy ? `Recertify by ${formatCertificateDate(entry.recertifyBy)}` : 'Certificate earned'
  return (
    <Badge
      color={entry.state === 'recertify' ? 'orange' : 'teal'}
      variant="light"
      radius="sm"
      size="lg"
      leftSection={<IconCertificate size={14} aria-hidden />}
      style={{ textTransform: 'none' }}
    >
      {text}
    </Badge>
  )
}
