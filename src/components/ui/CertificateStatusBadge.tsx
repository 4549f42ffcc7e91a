import { Badge } from '@mantine/core'
import type { CertificateStatus } from '../../../contract/certificates.ts'

const LOOK: Record<CertificateStatus, { label: string; color: string }> = {
  valid: { label: 'Valid', color: 'teal' },
  expired: { label: 'Expired', color: 'orange' },
  revoked: { label: 'Revoked', color: 'red' },
}

/** A certificate's status in words (the colour only repeats it). */
export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  const { label, color } = LOOK[status]
  return (
    <Badge color={color} variant="light" radius="sm">
      {label}
    </Badge>
  )
}
