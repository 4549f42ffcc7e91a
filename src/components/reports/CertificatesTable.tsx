import { useState } from 'react'
import { Button, Group, Paper, Select, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { IconDownload } from '@tabler/icons-react'
import { CERTIFICATE_STATUSES, revokeInput, type AdminCertificate, type CertificateStatus } from '../../../contract/certificates.ts'
import { formatCertificateDate } from '../../lib/certificates.ts'
import { saveBlob } from '../../lib/save-file.ts'
import { checkWith } from '../../lib/schema-errors.ts'
import { certificatesQueryOptions, useExportCertificates, useRevokeCertificate } from '../../queries/certificates.ts'
import { packageReportsQueryOptions } from '../../queries/reports.ts'
import { CertificateStatusBadge } from '../ui/CertificateStatusBadge.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { Pager } from '../ui/Pager.tsx'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'
import { LearnerFilter } from './LearnerFilter.tsx'
import { Modal } from '../ui/Modal.tsx'

const PAGE_SIZE = 10
const STATUS_LABEL: Record<CertificateStatus, string> = { valid: 'Valid', expired: 'Expired', revoked: 'Revoked' }

/** Every certificate issued, filtered by package, learner and status, with revoke and CSV export (admins, on /reports). */
export function CertificatesTable() {
  const { data: packages } = useSuspenseQuery(packageReportsQueryOptions())
  const [packageId, setPackageId] = useState<number | undefined>()
  const [userId, setUserId] = useState<number | undefined>()
  const [status, setStatus] = useState<CertificateStatus | undefined>()
  const [page, setPage] = useState(1)
  const [revoking, setRevoking] = useState<AdminCertificate | null>(null)
  const filters = { packageId, userId, status }
  const list = useQuery(certificatesQueryOptions({ ...filters, page: page - 1, size: PAGE_SIZE }))
  const exporter = useExportCertificates()

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="certificates-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="certificates-title">
            Certificates
          </Title>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporter.isPending}
            aria-label="Export certificates CSV"
            onClick={() => exporter.mutate(filters, { onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) })}
          >
            Export certificates CSV
          </Button>
        </Group>
        <Group gap="md" wrap="wrap" align="flex-end">
          <Select
            label="Package"
            placeholder="All packages"
            clearable
            data={packages.map((p) => ({ value: String(p.packageId), label: p.title }))}
            value={packageId === undefined ? null : String(packageId)}
            onChange={(value) => {
              setPackageId(value ? Number(value) : undefined)
              setPage(1)
            }}
          />
          <LearnerFilter
            value={userId}
            onChange={(next) => {
              setUserId(next)
              setPage(1)
            }}
          />
          <Select
            label="Status"
            placeholder="Any status"
            clearable
            data={CERTIFICATE_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
            value={status ?? null}
            onChange={(value) => {
              setStatus((value as CertificateStatus | null) ?? undefined)
              setPage(1)
            }}
          />
        </Group>
        {list.isError ? (
          <LoadFailed onRetry={() => void list.refetch()} retrying={list.isFetching}>
            Failed to load certificates
          </LoadFailed>
        ) : !list.data ? (
          <Skeleton h={80} radius="sm" aria-label="Loading certificates" />
        ) : list.data.empty ? (
          <EmptyState>No certificates match.</EmptyState>
        ) : (
          <>
            <ScrollRegion label="Certificates" minWidth={760}>
              <Table verticalSpacing="sm" aria-label="Certificates">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Learner</Table.Th>
                    <Table.Th scope="col">Package</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">Issued</Table.Th>
                    <Table.Th scope="col">Expires</Table.Th>
                    <Table.Th scope="col">Action</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.content.map((c) => (
                    <Table.Tr key={c.id}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {c.user.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {c.user.email}
                        </Text>
                      </Table.Td>
                      <Table.Td>{c.packageTitle}</Table.Td>
                      <Table.Td>
                        <CertificateStatusBadge status={c.status} />
                        {c.revokeReason ? (
                          <Text size="xs" c="dimmed">
                            {c.revokeReason}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{formatCertificateDate(c.issuedAt)}</Table.Td>
                      <Table.Td>{c.expiresAt ? formatCertificateDate(c.expiresAt) : 'Never'}</Table.Td>
                      <Table.Td>
                        {c.status === 'revoked' ? null : (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            aria-haspopup="dialog"
                            aria-label={`Revoke the certificate of ${c.user.name} for ${c.packageTitle}`}
                            onClick={() => setRevoking(c)}
                          >
                            Revoke
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            {list.data.totalPages > 1 ? (
              <Pager page={page} total={list.data.totalPages} onChange={setPage} label="Certificate pages" disabled={list.isFetching} />
            ) : null}
          </>
        )}
      </Stack>
      <RevokeDialog certificate={revoking} onClose={() => setRevoking(null)} />
    </Paper>
  )
}

/** Asks for the reason (kept private to admins) and confirms: a revocation cannot be undone. */
function RevokeDialog({ certificate, onClose }: { certificate: AdminCertificate | null; onClose: () => void }) {
  const revoke = useRevokeCertificate()
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  function close() {
    setReason('')
    setError(undefined)
    onClose()
  }
  function confirm() {
    if (!certificate) return
    const checked = checkWith(revokeInput, { reason })
    setError(checked.errors?.reason)
    if (checked.input) revoke.mutate({ id: certificate.id, reason: checked.input.reason }, { onSuccess: close })
  }
  return (
    <Modal opened={certificate !== null} onClose={close} title="Revoke certificate" centered>
      {certificate ? (
        <Stack gap="md">
          <Text>
            Revoke the certificate of {certificate.user.name} for {certificate.packageTitle}? Its verification link will say it was revoked.
            This cannot be undone.
          </Text>
          <Textarea
            label="Reason"
            description="Only administrators see it; the public check shows the date, not the reason."
            required
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={revoke.isPending}>
              Revoke certificate
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  )
}
