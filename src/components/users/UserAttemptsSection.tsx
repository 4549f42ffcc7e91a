import { Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { formatDateTime, formatScore } from '../../lib/format.ts'
import { AttemptBadges } from '../ui/AttemptBadges.tsx'
import { attemptsByUserQueryOptions } from '../../queries/attempts.ts'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'

/** The user's most recent test attempts, newest first. */
export function UserAttemptsSection({ userId }: { userId: number }) {
  // A second read below the user's own: its failure is said in this section only.
  const attempts = useQuery(attemptsByUserQueryOptions(userId))
  const recent = attempts.data?.slice(0, 10) ?? []
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="attempts-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="attempts-heading">
          Recent attempts
        </Title>
        {attempts.isPending ? (
          <Skeleton height={60} />
        ) : attempts.isError ? (
          <LoadFailed onRetry={() => void attempts.refetch()} retrying={attempts.isFetching}>
            Failed to fetch attempt history
          </LoadFailed>
        ) : recent.length === 0 ? (
          <Text c="dimmed">No attempts yet.</Text>
        ) : (
          <ScrollRegion label="Recent attempts" minWidth={420}>
            <Table striped aria-label="Recent attempts">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Sub-topic</Table.Th>
                  <Table.Th>Attempt Number</Table.Th>
                  <Table.Th>Score</Table.Th>
                  <Table.Th>Result</Table.Th>
                  <Table.Th>Attempted At</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {recent.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>{a.subTopicTitle}</Table.Td>
                    <Table.Td>{a.attemptNumber}</Table.Td>
                    <Table.Td>
                      {a.score !== undefined ? formatScore(a.score) : '—'} / {a.totalMarks}
                    </Table.Td>
                    <Table.Td>
                      <AttemptBadges attempt={a} />
                    </Table.Td>
                    <Table.Td>{formatDateTime(a.attemptedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        )}
      </Stack>
    </Card>
  )
}
