import type { ReactNode } from 'react'
import { Button, Card, CopyButton, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { IconCheck, IconDownload, IconLink } from '@tabler/icons-react'
import type { MyCertificate } from '../../../contract/certificates.ts'
import { formatCertificateDate, verificationLink } from '../../lib/certificates.ts'
import { saveBlob } from '../../lib/save-file.ts'
import { myCertificatesQueryOptions, useDownloadCertificate } from '../../queries/certificates.ts'
import { CertificateStatusBadge } from '../ui/CertificateStatusBadge.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { RouteLoadError } from '../ui/RouteLoadError.tsx'

/** `/user/certificates`: the learner's certificates, to download and to share. */
export function MyCertificatesPage() {
  const { data: certificates } = useSuspenseQuery(myCertificatesQueryOptions())
  return (
    <Frame>
      {certificates.length === 0 ? (
        <EmptyState>No certificates yet. You earn one by completing a package that gives certificates.</EmptyState>
      ) : (
        <Stack gap="md">
          {certificates.map((certificate) => (
            <CertificateCard key={certificate.id} certificate={certificate} />
          ))}
        </Stack>
      )}
    </Frame>
  )
}

function CertificateCard({ certificate }: { certificate: MyCertificate }) {
  const download = useDownloadCertificate()
  const titleId = `certificate-${certificate.id}`
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {certificate.packageTitle}
          </Title>
          <CertificateStatusBadge status={certificate.status} />
        </Group>
        <Text size="sm">
          Issued {formatCertificateDate(certificate.issuedAt)}
          {' · '}
          {certificate.expiresAt
            ? `${certificate.status === 'expired' ? 'Expired' : 'Valid until'} ${formatCertificateDate(certificate.expiresAt)}`
            : 'Does not expire'}
        </Text>
        <Group gap="sm" wrap="wrap">
          <Button
            size="sm"
            leftSection={<IconDownload size={16} />}
            loading={download.isPending}
            aria-label={`Download PDF of the certificate for ${certificate.packageTitle}`}
            onClick={() => download.mutate(certificate, { onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) })}
          >
            Download PDF
          </Button>
          <CopyButton value={verificationLink(certificate.code)}>
            {({ copied, copy }) => (
              <Button
                size="sm"
                variant="light"
                leftSection={copied ? <IconCheck size={16} /> : <IconLink size={16} />}
                aria-label={`${copied ? 'Copied verification link' : 'Copy verification link'} of the certificate for ${certificate.packageTitle}`}
                onClick={copy}
              >
                {copied ? 'Copied verification link' : 'Copy verification link'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
    </Card>
  )
}

export function MyCertificatesPending() {
  return (
    <Frame>
      <Stack gap="md" aria-busy="true" aria-label="Loading your certificates">
        <Skeleton height={120} radius="md" />
      </Stack>
    </Frame>
  )
}

export function MyCertificatesError(props: ErrorComponentProps) {
  return (
    <Frame>
      <RouteLoadError {...props} failureText="Failed to load your certificates" />
    </Frame>
  )
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="My certificates"
        subtitle="Certificates you earned by completing packages: download them, or share the link that proves them."
      />
      {children}
    </Stack>
  )
}
