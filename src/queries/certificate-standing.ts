import { queryOptions } from '@tanstack/react-query'
import type { CertificatesQuery } from '../../contract/certificates.ts'
import { api, unwrap } from '../api/client.ts'

// Apart from certificates.ts: what the learner's first screens use of certificates (the keys that progress and
// attempts invalidate, the viewer's standing). A module sits whole in one chunk, so the certificate pages' calls would
// otherwise come with those screens.

/** The admins' table filters, as the query string sends them. */
export interface CertificateFilters {
  packageId?: number
  userId?: number
  status?: NonNullable<CertificatesQuery['status']>
  page: number
  size: number
}

export const certificateKeys = {
  all: ['certificates'] as const,
  mine: () => [...certificateKeys.all, 'mine'] as const,
  standing: () => [...certificateKeys.all, 'standing'] as const,
  list: (filters: CertificateFilters) => [...certificateKeys.all, 'list', filters] as const,
  verify: (code: string) => [...certificateKeys.all, 'verify', code] as const,
  settings: (packageId: number) => [...certificateKeys.all, 'settings', packageId] as const,
}

/** Per assigned package: "Certificate earned" or "Recertify by …". */
export const certificateStandingQueryOptions = () =>
  queryOptions({
    queryKey: certificateKeys.standing(),
    queryFn: () => unwrap(api.certificates.standing.$get()),
    meta: { errorMessage: 'Failed to load your certificates' },
  })
