import { useState } from 'react'
import { Button, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { IconDownload } from '@tabler/icons-react'
import type { assignmentStatuses } from '../../../contract/assignments.ts'
import type { ComplianceRow, ComplianceSummary } from '../../../contract/compliance.ts'
import { STATUS_LABELS, shortDate } from '../../lib/due-words.ts'
import { saveBlob } from '../../lib/save-file.ts'
import { groupsQueryOptions } from '../../queries/groups.ts'
import { complianceQueryOptions, packageReportsQueryOptions, useExportCompliance } from '../../queries/reports.ts'
import { AssignmentState } from '../ui/AssignmentState.tsx'
import { usePhone } from '../ui/usePhone.ts'
import { ComplianceCards } from './ComplianceCards.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { Pager } from '../ui/Pager.tsx'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'
import classes from './Reports.module.css'

export const COMPLIANCE_PAGE_SIZE = 20

/** Overdue first: the order the officer reads them in. */
const SUMMARY_ORDER = [
  'overdue',
  'not-started',
  'in-progress',
  'completed',
] as const satisfies readonly (typeof assignmentStatuses)[number][]

/**
 * Who has not finished their assigned packages, and since when: filters by package and group, the counts per status
 * in words, the rows overdue first, and the CSV of every matching row.
 */
export function ComplianceTable() {
  const { data: packages } = useSuspenseQuery(packageReportsQueryOptions())
  const groups = useQuery(groupsQueryOptions())
  const [packageId, setPackageId] = useState<number | undefined>()
  const [groupId, setGroupId] = useState<number | undefined>()
  const [page, setPage] = useState(1)
  const filters = { packageId, groupId }
  const report = useQuery(complianceQueryOptions({ ...filters, page: page - 1, size: COMPLIANCE_PAGE_SIZE }))
  const exporter = useExportCompliance()
  const phone = usePhone()

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="compliance-title">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} size="h3" id="compliance-title">
              Compliance
            </Title>
            <Text size="sm" c="dimmed">
              Every learner’s assigned packages, overdue first.
            </Text>
          </div>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporter.isPending}
            onClick={() => exporter.mutate(filters, { onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) })}
          >
            Export compliance CSV
          </Button>
        </Group>
        <Group gap="md" wrap="wrap" align="flex-end">
          {/* Native selects: long lists of packages or groups scroll in the browser's own list, reachable by keyboard. */}
          <NativeSelect
            label="Package"
            data={[{ value: '', label: 'All packages' }, ...packages.map((p) => ({ value: String(p.packageId), label: p.title }))]}
            value={packageId === undefined ? '' : String(packageId)}
            onChange={(event) => {
              const value = event.currentTarget.value
              setPackageId(value ? Number(value) : undefined)
              setPage(1)
            }}
          />
          <NativeSelect
            label="Group"
            disabled={!groups.data}
            data={[
              { value: '', label: groups.isError ? 'Groups failed to load' : 'All groups' },
              ...(groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
            ]}
            value={groupId === undefined ? '' : String(groupId)}
            onChange={(event) => {
              const value = event.currentTarget.value
              setGroupId(value ? Number(value) : undefined)
              setPage(1)
            }}
          />
        </Group>
        {report.isError ? (
          <LoadFailed onRetry={() => void report.refetch()} retrying={report.isFetching}>
            Failed to load the compliance report
          </LoadFailed>
        ) : !report.data ? (
          <Skeleton h={120} radius="sm" aria-label="Loading the compliance report" />
        ) : (
          <>
            <StatusCounts summary={report.data.summary} />
            {report.data.empty ? (
              <EmptyState>No assigned packages match.</EmptyState>
            ) : (
              <>
                {phone ? <ComplianceCards rows={report.data.content} /> : <ComplianceRows rows={report.data.content} />}
                {report.data.totalPages > 1 ? (
                  <Pager
                    page={page}
                    total={report.data.totalPages}
                    onChange={setPage}
                    label="Compliance pages"
                    disabled={report.isFetching}
                    caption={`Rows ${report.data.number * report.data.size + 1}–${
                      report.data.number * report.data.size + report.data.content.length
                    } of ${report.data.totalElements}`}
                  />
                ) : null}
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  )
}

function StatusCounts({ summary }: { summary: ComplianceSummary }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" role="list" aria-label="Assignments per status">
      {SUMMARY_ORDER.map((status) => (
        <Paper key={status} withBorder radius="md" p="sm" role="listitem" aria-label={`${STATUS_LABELS[status]}: ${summary[status]}`}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {STATUS_LABELS[status]}
          </Text>
          <Text fw={700} fz={22} className={classes.num}>
            {summary[status]}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  )
}

function ComplianceRows({ rows }: { rows: ComplianceRow[] }) {
  return (
    <ScrollRegion label="Compliance" minWidth={760}>
      <Table verticalSpacing="sm" aria-label="Compliance">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Learner</Table.Th>
            <Table.Th scope="col">Package</Table.Th>
            <Table.Th scope="col">Groups</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Progress
            </Table.Th>
            <Table.Th scope="col">Assigned</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.userId}:${row.packageId}`}>
              <Table.Td className={classes.wrap}>
                <Text size="sm" fw={600}>
                  {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.email}
                </Text>
              </Table.Td>
              <Table.Td className={classes.wrap}>{row.packageTitle}</Table.Td>
              <Table.Td className={classes.wrap}>{row.groups.length ? row.groups.join(', ') : 'Direct'}</Table.Td>
              <Table.Td>
                <AssignmentState state={row} />
              </Table.Td>
              <Table.Td ta="right" className={classes.num}>
                {row.percent}%
              </Table.Td>
              <Table.Td>{shortDate(row.assignedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  )
}
