import { useMemo, type ReactNode } from 'react'
import { Button, Group, Menu, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { IconChevronDown, IconDownload } from '@tabler/icons-react'
import {
  REPORT_TABLES,
  type PackageReport,
  type PackageReportRow,
  type QuestionScore,
  type ReportTable,
  type SubTopicScore,
} from '../../../contract/reports.ts'
import { messageOf } from '../../api/errors.ts'
import { saveBlob } from '../../lib/save-file.ts'
import { packageReportQueryOptions, packageReportsQueryOptions, useExportPackageReport } from '../../queries/reports.ts'
import { pageOf } from '../../lib/page-of.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { AnchorLink, ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { Pager } from '../ui/Pager.tsx'
import { BarList, ChartCard, type ChartDatum } from './Charts.tsx'
import { CertificatesTable } from './CertificatesTable.tsx'
import { ComplianceTable } from './ComplianceTable.tsx'
import { ItemAnalysisTable } from './ItemAnalysisTable.tsx'
import { LearnerProgressTable } from './LearnerProgressTable.tsx'
import classes from './Reports.module.css'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'

/** Questions per page in a report's question table. */
export const QUESTIONS_PER_PAGE = 10

/** The export menu: one CSV per table of the report. */
const TABLE_LABEL: Record<ReportTable, string> = {
  summary: 'Summary CSV',
  'sub-topics': 'Sub-topic scores CSV',
  questions: 'Questions CSV',
}

const pct = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)}%`)

interface ReportsProps {
  packageId: number | undefined
  page: number
  onPage: (page: number) => void
}

/**
 * `/reports`: every package's learners, tests and average; a selected package's scores per sub-topic and per question,
 * and each of its learners' progress.
 */
export function Reports({ packageId, page, onPage }: ReportsProps) {
  const { data: rows } = useSuspenseQuery(packageReportsQueryOptions())
  return (
    <ReportsFrame>
      {rows.length === 0 ? <EmptyState>No packages found.</EmptyState> : <PackageTable rows={rows} selected={packageId} />}
      {packageId !== undefined ? (
        <PackageReportView key={packageId} packageId={packageId} page={page} onPage={onPage} />
      ) : rows.length > 0 ? (
        <Text c="dimmed" size="sm">
          Choose a package to see its scores per sub-topic and per question.
        </Text>
      ) : null}
      <ComplianceTable />
      <CertificatesTable />
    </ReportsFrame>
  )
}

export function ReportsPending() {
  return (
    <ReportsFrame>
      <Stack gap="xs" aria-busy="true" aria-label="Loading reports">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={40} radius="sm" />
        ))}
      </Stack>
    </ReportsFrame>
  )
}

/** The page title, also above the loading and failed states. */
export function ReportsFrame({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title="Reports" subtitle="Tests taken and scores per package." />
      {children}
    </Stack>
  )
}

/**
 * A table on wide screens; on phones each row stacks (title, its three figures labelled, then the action), so every
 * figure and the action show without sideways scrolling (Reports.module.css).
 */
function PackageTable({ rows, selected }: { rows: PackageReportRow[]; selected: number | undefined }) {
  return (
    <ScrollRegion label="Packages" minWidth={560} className={classes.packages}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Packages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Package</Table.Th>
            <Table.Th scope="col" ta="right">
              Assigned learners
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Tests taken
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Average score
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Report</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isSelected = row.packageId === selected
            return (
              <Table.Tr key={row.packageId} data-selected={isSelected || undefined} aria-current={isSelected ? 'true' : undefined}>
                <Table.Td className={classes.wrap} fw={500}>
                  <AnchorLink to="/reports" search={{ packageId: row.packageId }} c="inherit" fw={500} tabIndex={-1}>
                    {row.title}
                  </AnchorLink>
                </Table.Td>
                <Table.Td ta="right" className={classes.num} data-label="Assigned learners">
                  {row.assignedLearners}
                </Table.Td>
                <Table.Td ta="right" className={classes.num} data-label="Tests taken">
                  {row.testsTaken}
                </Table.Td>
                <Table.Td ta="right" className={classes.num} data-label="Average score">
                  {pct(row.averagePercent)}
                </Table.Td>
                <Table.Td ta="right">
                  <ButtonLink
                    to="/reports"
                    search={{ packageId: row.packageId }}
                    size="compact-sm"
                    variant={isSelected ? 'filled' : 'light'}
                    aria-label={`View report: ${row.title}`}
                    aria-current={isSelected ? 'page' : undefined}
                  >
                    View report
                  </ButtonLink>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  )
}

function subTopicSeries(subTopics: SubTopicScore[]): ChartDatum[] {
  return subTopics.map((s) => ({
    key: s.subTopicId,
    label: `${s.topicTitle} › ${s.title}`,
    value: s.averagePercent,
    display: s.averagePercent === null ? 'No attempts' : pct(s.averagePercent),
  }))
}

function subTopicSummary(subTopics: SubTopicScore[]) {
  const scored = subTopics.filter((s) => s.averagePercent !== null)
  const unscored = subTopics.length - scored.length
  const rest = unscored ? ` ${unscored} ${unscored === 1 ? 'sub-topic has' : 'sub-topics have'} no attempts yet.` : ''
  if (!scored.length) return `Average score per sub-topic: no attempts yet.${rest}`
  const high = scored.reduce((a, b) => (b.averagePercent! > a.averagePercent! ? b : a))
  const low = scored.reduce((a, b) => (b.averagePercent! < a.averagePercent! ? b : a))
  return scored.length === 1
    ? `Average score per sub-topic: ${high.title} ${pct(high.averagePercent)}.${rest}`
    : `Average score per sub-topic: highest ${high.title} ${pct(high.averagePercent)}, lowest ${low.title} ${pct(low.averagePercent)}.${rest}`
}

/** Lowest share answered correctly first; questions nobody has answered yet last. */
export function sortByShare(questions: QuestionScore[]): QuestionScore[] {
  return [...questions].sort((a, b) => {
    if (a.correctShare === null || b.correctShare === null)
      return a.correctShare === null ? (b.correctShare === null ? a.mcqId - b.mcqId : 1) : -1
    return a.correctShare - b.correctShare || b.answered - a.answered || a.mcqId - b.mcqId
  })
}

function PackageReportView({ packageId, page, onPage }: { packageId: number; page: number; onPage: (page: number) => void }) {
  // The selected package's report loads below the list, which stays whatever happens to it.
  const report = useQuery(packageReportQueryOptions(packageId))
  const exporter = useExportPackageReport()

  function onExport(table: ReportTable) {
    exporter.mutate({ packageId, table }, { onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) })
  }

  if (report.isPending) return <Skeleton h={320} radius="md" aria-label="Loading the package report" />
  if (report.isError) {
    return (
      <LoadFailed onRetry={() => void report.refetch()} retrying={report.isFetching}>
        {messageOf(report.error, 'Failed to load the package report')}
      </LoadFailed>
    )
  }
  const r = report.data
  return (
    <Stack gap="md" component="section" aria-labelledby="report-heading">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <div>
          <Text size="sm" c="dimmed">
            Package report
          </Text>
          <Title order={2} size="h3" id="report-heading" className={classes.wrap}>
            {r.title}
          </Title>
        </div>
        <Menu position="bottom-end">
          <Menu.Target>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
              loading={exporter.isPending}
              variant="default"
            >
              Export CSV
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {REPORT_TABLES.map((table) => (
              <Menu.Item key={table} onClick={() => onExport(table)}>
                {TABLE_LABEL[table]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Stat label="Assigned learners" value={String(r.assignedLearners)} />
        <Stat label="Tests taken" value={String(r.testsTaken)} />
        <Stat label="Average score" value={pct(r.averagePercent)} />
      </SimpleGrid>
      {r.subTopics.length === 0 ? (
        <EmptyState>No subtopics added.</EmptyState>
      ) : (
        <ChartCard
          title="Average score per sub-topic"
          summary={subTopicSummary(r.subTopics)}
          columns={['Sub-topic', 'Average score']}
          data={subTopicSeries(r.subTopics)}
        >
          <BarList data={subTopicSeries(r.subTopics)} />
        </ChartCard>
      )}
      <QuestionTable report={r} page={page} onPage={onPage} />
      <ItemAnalysisTable packageId={packageId} />
      <LearnerProgressTable packageId={packageId} />
    </Stack>
  )
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-label={`${label}: ${value}`}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz={22} className={classes.num}>
        {value}
      </Text>
    </Paper>
  )
}

function QuestionTable({ report, page, onPage }: { report: PackageReport; page: number; onPage: (page: number) => void }) {
  const sorted = useMemo(() => sortByShare(report.questions), [report.questions])
  const subTopicTitle = useMemo(() => new Map(report.subTopics.map((s) => [s.subTopicId, s.title])), [report.subTopics])
  const { pages, current, first, shown, range } = pageOf(sorted, page, QUESTIONS_PER_PAGE)

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="questions-heading">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="questions-heading">
            Questions answered correctly
          </Title>
          <Text size="xs" c="dimmed">
            Share of stored answers that were correct, lowest first.
          </Text>
        </div>
        {sorted.length === 0 ? (
          <Text c="dimmed" size="sm">
            No questions in this package yet.
          </Text>
        ) : (
          <>
            <ScrollRegion labelledBy="questions-heading" minWidth={560}>
              <Table verticalSpacing="xs" striped aria-labelledby="questions-heading">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">#</Table.Th>
                    <Table.Th scope="col">Question</Table.Th>
                    <Table.Th scope="col" ta="right">
                      Correct
                    </Table.Th>
                    <Table.Th scope="col" ta="right">
                      Answered
                    </Table.Th>
                    <Table.Th scope="col">Sub-topic</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((q, i) => (
                    <Table.Tr key={q.mcqId}>
                      <Table.Td className={classes.num}>{first + i + 1}</Table.Td>
                      <Table.Td className={classes.question}>{q.question}</Table.Td>
                      <Table.Td ta="right" className={classes.num}>
                        {q.correctShare === null ? (
                          <Text span size="sm" c="dimmed">
                            Not answered yet
                          </Text>
                        ) : (
                          <span className={classes.share}>
                            <span className={classes.shareTrack} aria-hidden>
                              <span className={classes.shareFill} style={{ width: `${q.correctShare * 100}%` }} />
                            </span>
                            {pct(q.correctShare * 100)}
                          </span>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" className={classes.num}>
                        {q.answered}
                      </Table.Td>
                      <Table.Td className={classes.wrap}>{subTopicTitle.get(q.subTopicId) ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            {pages > 1 ? (
              <Pager numbered label="Question pages" page={current} total={pages} onChange={onPage} caption={`Questions ${range}`} />
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  )
}
