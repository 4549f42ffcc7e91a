import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconDownload } from '@tabler/icons-react'
import { saveBlob } from '../../lib/save-file.ts'
import { packageLearnersQueryOptions, useExportPackageLearners } from '../../queries/progress.ts'
import { CompletionBar } from '../ui/CompletionBar.tsx'
import { DateTime } from '../ui/DateTime.tsx'
import { ScrollTable, SkeletonRows } from '../ui/ScrollTable.tsx'
import classes from './Reports.module.css'
import { LoadFailed } from '../ui/LoadFailed.tsx'

const COLUMNS = ['Learner', 'E-mail', 'Progress', 'Sub-topics completed', 'Last activity'] as const

/** The chosen package's assigned learners and how far each has got, with the same table as CSV. */
export function LearnerProgressTable({ packageId }: { packageId: number }) {
  const learners = useQuery(packageLearnersQueryOptions(packageId))
  const exporter = useExportPackageLearners()

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
              Sub-topics completed by each assigned learner: videos watched, tests passed.
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
          <ScrollTable label="Learner progress" minWidth={720} columns={COLUMNS}>
            <Table.Tbody>
              {learners.isPending ? (
                <SkeletonRows rows={3} columns={COLUMNS.length} />
              ) : (
                learners.data.map((row) => (
                  <Table.Tr key={row.userId}>
                    <Table.Td className={classes.wrap} fw={500}>
                      {row.name}
                    </Table.Td>
                    <Table.Td className={classes.wrap}>{row.email}</Table.Td>
                    <Table.Td miw={200}>
                      <CompletionBar percent={row.percent} label={`Progress of ${row.name}`} />
                    </Table.Td>
                    <Table.Td className={classes.num}>
                      {row.completedSubTopics} / {row.totalSubTopics}
                    </Table.Td>
                    <Table.Td>
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
          </ScrollTable>
        )}
      </Stack>
    </Paper>
  )
}
