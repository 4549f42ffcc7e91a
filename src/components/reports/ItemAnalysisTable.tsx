import { useMemo, useState } from 'react'
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconDownload } from '@tabler/icons-react'
import type { ItemFlag, ItemStats } from '../../../contract/reports.ts'
import { messageOf } from '../../api/errors.ts'
import { saveBlob } from '../../lib/save-file.ts'
import { itemAnalysisQueryOptions, useExportItemAnalysis } from '../../queries/reports.ts'
import classes from './Reports.module.css'
import { pageOf } from '../../lib/page-of.ts'
import { Pager } from '../ui/Pager.tsx'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'

/** Questions per page of the item-analysis table. */
export const ITEMS_PER_PAGE = 20

const FLAG_COLOR: Record<ItemFlag, string> = {
  'too easy': 'blue',
  'too hard': 'orange',
  'check the key': 'red',
  'unused option': 'gray',
}

type SortKey = 'question' | 'subTopic' | 'attempts' | 'facility' | 'discrimination' | 'flags'
type Direction = 'ascending' | 'descending'

const COLUMNS: { key: SortKey; label: string; numeric?: boolean }[] = [
  { key: 'question', label: 'Question' },
  { key: 'subTopic', label: 'Sub-topic' },
  { key: 'attempts', label: 'Attempts', numeric: true },
  { key: 'facility', label: 'Facility', numeric: true },
  { key: 'discrimination', label: 'Discrimination', numeric: true },
  { key: 'flags', label: 'Flags' },
]

const fixed2 = (value: number | null) => (value === null ? '—' : value.toFixed(2))
const pct = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`)

/** Compares two questions by a column; questions without a figure (no attempts) always go last, then by id. */
function compare(a: ItemStats, b: ItemStats, key: SortKey, direction: Direction): number {
  const sign = direction === 'ascending' ? 1 : -1
  const value = (item: ItemStats): string | number | null => {
    switch (key) {
      case 'question':
        return item.question.toLowerCase()
      case 'subTopic':
        return item.subTopicTitle.toLowerCase()
      case 'attempts':
        return item.attempts
      case 'facility':
        return item.facility
      case 'discrimination':
        return item.discrimination
      case 'flags':
        return item.flags.length
    }
  }
  const va = value(a)
  const vb = value(b)
  if (va === null || vb === null) return va === vb ? a.mcqId - b.mcqId : va === null ? 1 : -1
  const order = typeof va === 'string' ? va.localeCompare(vb as string) : va - (vb as number)
  return order * sign || a.mcqId - b.mcqId
}

/**
 * The item analysis of a package: per question its attempts, facility (share correct), discrimination (how well it
 * separates learners who do well from those who do not), each option's pick rate and the flags; sortable by
 * any column, exported as CSV.
 */
export function ItemAnalysisTable({ packageId }: { packageId: number }) {
  const analysis = useQuery(itemAnalysisQueryOptions(packageId))
  const exporter = useExportItemAnalysis()
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({ key: 'flags', direction: 'descending' })
  const [page, setPage] = useState(1)
  const items = analysis.data?.items
  const minAttempts = analysis.data?.minAttemptsForFlags ?? 0
  const sorted = useMemo(() => (items ? [...items].sort((a, b) => compare(a, b, sort.key, sort.direction)) : []), [items, sort])

  function onSort(key: SortKey) {
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === 'question' || key === 'subTopic' ? 'ascending' : 'descending' },
    )
    setPage(1)
  }

  function onExport() {
    exporter.mutate(packageId, { onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) })
  }

  const { pages, current, shown, range } = pageOf(sorted, page, ITEMS_PER_PAGE)

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="items-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
          <div>
            <Title order={2} size="h4" id="items-heading">
              Item analysis
            </Title>
            <Text size="xs" c="dimmed" maw={640}>
              From graded attempts (practice left out). Facility: share answered correctly. Discrimination: how much better learners who did
              well on the rest of the test did on this question (below 0: check the key). Flags need at least {minAttempts} attempts of a
              question.
            </Text>
          </div>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onExport}
            loading={exporter.isPending}
            variant="default"
            size="sm"
            disabled={!items?.length}
          >
            Export item analysis CSV
          </Button>
        </Group>
        {analysis.isPending ? (
          <Skeleton h={160} radius="sm" aria-label="Loading the item analysis" />
        ) : analysis.isError ? (
          <LoadFailed onRetry={() => void analysis.refetch()} retrying={analysis.isFetching}>
            {messageOf(analysis.error, 'Failed to load the item analysis')}
          </LoadFailed>
        ) : sorted.length === 0 ? (
          <Text c="dimmed" size="sm">
            No questions in this package yet.
          </Text>
        ) : (
          <>
            <ScrollRegion labelledBy="items-heading" minWidth={720}>
              <Table verticalSpacing="xs" striped aria-labelledby="items-heading">
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((column) => {
                      const active = sort.key === column.key
                      const Icon = !active ? IconArrowsSort : sort.direction === 'ascending' ? IconArrowUp : IconArrowDown
                      return (
                        <Table.Th
                          key={column.key}
                          scope="col"
                          ta={column.numeric ? 'right' : undefined}
                          aria-sort={active ? sort.direction : undefined}
                        >
                          <UnstyledButton onClick={() => onSort(column.key)} className={classes.sortButton}>
                            <Text span fw={700} size="sm">
                              {column.label}
                            </Text>
                            <Icon size={14} aria-hidden style={{ opacity: active ? 1 : 0.5 }} />
                          </UnstyledButton>
                        </Table.Th>
                      )
                    })}
                    <Table.Th scope="col">Options picked</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((item) => (
                    <ItemRow key={item.mcqId} item={item} minAttempts={minAttempts} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            {pages > 1 ? (
              <Pager numbered label="Item analysis pages" page={current} total={pages} onChange={setPage} caption={`Questions ${range}`} />
            ) : null}
          </>
        )}
      </Stack>
    </Paper>
  )
}

function ItemRow({ item, minAttempts }: { item: ItemStats; minAttempts: number }) {
  return (
    <Table.Tr>
      <Table.Td className={classes.question}>{item.question}</Table.Td>
      <Table.Td className={classes.wrap}>{item.subTopicTitle}</Table.Td>
      <Table.Td ta="right" className={classes.num}>
        {item.attempts}
      </Table.Td>
      <Table.Td ta="right" className={classes.num}>
        {item.facility === null ? (
          <Text span size="sm" c="dimmed">
            Not answered yet
          </Text>
        ) : (
          pct(item.facility)
        )}
      </Table.Td>
      <Table.Td ta="right" className={classes.num}>
        {fixed2(item.discrimination)}
      </Table.Td>
      <Table.Td>
        {item.attempts < minAttempts ? (
          <Text span size="sm" c="dimmed">
            Too few attempts ({item.attempts} of {minAttempts})
          </Text>
        ) : item.flags.length ? (
          <Group gap={4} wrap="wrap">
            {item.flags.map((flag) => (
              <Badge
                key={flag}
                color={FLAG_COLOR[flag]}
                variant="light"
                size="sm"
                classNames={{ root: classes.flag, label: classes.flagLabel }}
              >
                {flag}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text span size="sm" c="dimmed">
            None
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text span size="sm">
          {item.options.map((o, i) => (
            <span key={o.key}>
              {i ? ' · ' : ''}
              <span className={classes.nowrap}>
                <Text span size="sm" fw={o.correct ? 700 : undefined} c={o.correct ? 'teal' : undefined}>
                  {o.key}
                  {o.correct ? ' (correct)' : ''}
                </Text>{' '}
                {pct(o.pickRate)}
              </span>
            </span>
          ))}
        </Text>
      </Table.Td>
    </Table.Tr>
  )
}
