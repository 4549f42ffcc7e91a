import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconDownload } from '@tabler/icons-react'
import { saveBlob } from '../../lib/save-file.ts'
import { packageLearnersQueryOptions, useExportPackageLearners } from '../../queries/progress.ts'
import { CompletionBar } from '../ui/CompletionBar.tsx'
import { DateTime } from '../ui/DateTime.tsx'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'
import { SkeletonRows } from '../ui/ScrollTable.tsx'
import classes from './Reports.module.css'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { ScoStatusList } from './ScoStatusList.tsx'

const COLUMNS = ['Learner', 'E-mail', 'Progress', 'Sub-topics completed', 'Last activity'] as const
/** A package with SCORM SCOs adds a column: how many the learner completed, and each SCO's status and score. */
const SCORM_COLUMNS = ['Learner', 'E-mail', 'Progress', 'Sub-topics completed', 'SCOs', 'Last activity']

/**
 * The chosen package's assigned learners and how far each has got, with the same table as CSV. On phones each row
 * stacks, its figures labelled (Reports.module.css), so nothing needs sideways scrolling.
 */
export function LearnerProgressTable({ packageId }: { packageId: number }) {
  const learners = useQuery(packageLearnersQueryOptions(packageId))
  const exporter = useExportPackageLearners()
  const hasScos = learners.data?.some((row) => row.totalScos > 0) ?? false
  const columns = hasScos ? SCORM_COLUMNS : COLUMNS

  function onExport() {
    exporter.mutate(packageId, { onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName) })
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="learner-progress-heading">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
          <div>
            <Title order={2} size="h4" id="learner-progress-heading">
              Learner progress
            </Title>
            <Text size="xs" c="dimmed">
              Sub-topics completed by each assigned learner: videos watched, tests passed{hasScos ? ', SCORM SCOs completed' : ''}.
            </Text>
          </div>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onExport}
            loading={exporter.isPending}
            variant="default"
            disabled={!learners.data?.length}
          >
            Export progress CSV
          </Button>
        </Group>
        {learners.isError ? (
          <LoadFailed onRetry={() => void learners.refetch()} retrying={learners.isFetching}>
            Failed to load learner progress
          </LoadFailed>
        ) : learners.data?.length === 0 ? (
          <Text c="dimmed" size="sm">
            No learners are assigned to this package.
          </Text>
        ) : (
          <ScrollRegion label="Learner progress" minWidth={hasScos ? 960 : 720} className={classes.learners}>
            <Table striped highlightOnHover verticalSpacing="sm" aria-label="Learner progress">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c} scope="col" className={hasScos ? undefined : classes.nowrap}>
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {learners.isPending ? (
                  <SkeletonRows rows={3} columns={columns.length} />
                ) : (
                  learners.data.map((row) => (
                    <Table.Tr key={row.userId}>
                      <Table.Td miw={120} className={`${classes.wrap} ${classes.full}`} fw={500}>
                        {row.name}
                      </Table.Td>
                      <Table.Td className={`${classes.wrap} ${classes.full}`}>{row.email}</Table.Td>
                      <Table.Td miw={hasScos ? 160 : 200} className={classes.full} data-label="Progress">
                        <CompletionBar percent={row.percent} label={`Progress of ${row.name}`} />
                      </Table.Td>
                      <Table.Td className={classes.num} data-label="Sub-topics completed">
                        {row.completedSubTopics} / {row.totalSubTopics}
                      </Table.Td>
                      {hasScos ? (
                        <Table.Td miw={300} className={classes.full} data-label="SCOs">
                          <Text size="sm" mb={4} className={classes.num}>
                            {row.completedScos} of {row.totalScos} completed
                          </Text>
                          <ScoStatusList scos={row.scos} learner={row.name} />
                        </Table.Td>
                      ) : null}
                      <Table.Td data-label="Last activity">
                        {row.lastActivityAt ? (
                          <DateTime value={row.lastActivityAt} />
                        ) : (
                          <Text span size="sm" c="dimmed">
                            Not started
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
    </Paper>
  )
}
