import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CertificateSettings } from '../../contract/certificates.ts'
import { api, download, unwrap } from '../api/client.ts'
import type { AppMeta } from './meta.ts'
import { certificateKeys, type CertificateFilters } from './certificate-standing.ts'

export { certificateKeys, certificateStandingQueryOptions, type CertificateFilters } from './certificate-standing.ts'

const filterQuery = ({ packageId, userId, status, page, size }: CertificateFilters) => ({
  ...(packageId ? { packageId } : {}),
  ...(userId ? { userId } : {}),
  ...(status ? { status } : {}),
  page: String(page),
  size: String(size),
})

export const myCertificatesQueryOptions = () =>
  queryOptions({
    queryKey: certificateKeys.mine(),
    queryFn: () => unwrap(api.certificates.$get()),
    meta: { errorMessage: 'Failed to load your certificates' },
  })

export const certificatesQueryOptions = (filters: CertificateFilters) =>
  queryOptions({
    queryKey: certificateKeys.list(filters),
    queryFn: () => unwrap(api.certificates.all.$get({ query: filterQuery(filters) })),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Failed to load certificates' },
  })

/** Public: what a code's certificate says; a 404 means no certificate has it (no retry). */
export const verifyCertificateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: certificateKeys.verify(code),
    queryFn: () => unwrap(api.certificates.verify[':code'].$get({ param: { code } })),
    retry: false,
    meta: { errorMessage: 'Failed to check the certificate' },
  })

export const certificateSettingsQueryOptions = (packageId: number) =>
  queryOptions({
    queryKey: certificateKeys.settings(packageId),
    queryFn: () => unwrap(api.packages[':id']['certificate-settings'].$get({ param: { id: String(packageId) } })),
    meta: { errorMessage: 'Failed to load the certificate settings' },
  })

/** Saves a package's certificate settings; the create form passes a `meta` without a success toast (the package's says it). */
export function useSaveCertificateSettings(
  meta: AppMeta = {
    successMessage: 'Certificate settings saved',
    errorMessage: 'Failed to save the certificate settings',
    errorReason: 'description',
  },
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ packageId, settings }: { packageId: number; settings: CertificateSettings }) =>
      unwrap(api.packages[':id']['certificate-settings'].$put({ param: { id: String(packageId) }, json: settings })),
    onSuccess: (saved, { packageId }) => queryClient.setQueryData(certificateKeys.settings(packageId), saved),
    meta,
  })
}

/** The PDF of one certificate, to save. */
export function useDownloadCertificate() {
  return useMutation({
    mutationFn: async (certificate: { id: number; packageTitle: string }) => {
      const file = await download(api.certificates[':id'].pdf.$get({ param: { id: String(certificate.id) } }))
      return { blob: file.blob, fileName: file.fileName ?? `Certificate - ${certificate.packageTitle}.pdf` }
    },
    meta: { errorMessage: 'Failed to download the certificate', errorReason: 'description' },
  })
}

/** Revoking changes the lists and the learner's figures. */
export function useRevokeCertificate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      unwrap(api.certificates[':id'].revoke.$post({ param: { id: String(id) }, json: { reason } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
    meta: { successMessage: 'Certificate revoked', errorMessage: 'Failed to revoke the certificate', errorReason: 'description' },
  })
}

/** The filtered list as CSV. */
export function useExportCertificates() {
  return useMutation({
    mutationFn: async (filters: Omit<CertificateFilters, 'page' | 'size'>) => {
      const file = await download(api.certificates.all.export.$get({ query: filterQuery({ ...filters, page: 0, size: 20 }) }))
      return { blob: file.blob, fileName: file.fileName ?? 'certificates.csv' }
    },
    meta: { successMessage: 'Certificates exported', errorMessage: 'Failed to export certificates', errorReason: 'description' },
  })
}
