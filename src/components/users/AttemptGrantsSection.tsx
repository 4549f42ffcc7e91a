import { Button, Card, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { useQueries, useQuery } from '@tanstack/react-query'
import type { ListedAttempt } from '../../../contract/learning.ts'
import { grantsByUserQueryOptions, useGrantAttempt } from '../../queries/attempt-grants.ts'
import { attemptsByUserQueryOptions } from '../../queries/attempts.ts'
import { testSettingsQueryOptions } from '../../queries/test-settings.ts'
import { DateTime } from '../ui/DateTime.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'

/** The tests a learner has taken, one per sub-topic, in the order first met (newest attempt first). */
function testsTaken(attempts: ListedAttempt[]) {
  const seen = new Map<number, string>()
  for (const a of attempts) if (!seen.has(a.subTopicId)) seen.set(a.subTopicId, a.subTopicTitle)
  return [...seen].map(([subTopicId, title]) => ({ subTopicId, title }))
}

/**
 * Extra attempts: 'Allow one more attempt' at each test the learner took that has an attempt limit, and the
 * attempts already granted, with who granted them and when.
 */
export function AttemptGrantsSection({ userId }: { userId: number }) {
  const attempts = useQuery(attemptsByUserQueryOptions(userId))
  const grants = useQuery(grantsByUserQueryOptions(userId))
  const tests = testsTaken(attempts.data ?? [])
  const settings = useQueries({ queries: tests.map((t) => testSettingsQueryOptions(t.subTopicId)) })
  const limited = tests.flatMap((t, i) => {
    const maxAttempts = settings[i]?.data?.maxAttempts
    return maxAttempts ? [{ ...t, maxAttempts }] : []
  })
  const grant = useGrantAttempt()

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="grants-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="grants-heading">
          Extra attempts
        </Title>
        {attempts.isPending || grants.isPending || settings.some((s) => s.isPending) ? (
          <Skeleton height={60} />
        ) : attempts.isError || grants.isError ? (
          <LoadFailed
            onRetry={() => {
              void attempts.refetch()
              void grants.refetch()
            }}
            retrying={attempts.isFetching || grants.isFetching}
          >
            Failed to fetch extra attempts
          </LoadFailed>
        ) : (
          <>
            {limited.length === 0 ? (
              <Text c="dimmed">No test this user took has an attempt limit.</Text>
            ) : (
              <ScrollRegion label="Tests with an attempt limit" minWidth={420}>
                <Table aria-label="Tests with an attempt limit">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Sub-topic</Table.Th>
                      <Table.Th>Attempts allowed</Table.Th>
                      <Table.Th>Extra attempts</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Action</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {limited.map((t) => (
                      <Table.Tr key={t.subTopicId}>
                        <Table.Td>{t.title}</Table.Td>
                        <Table.Td>{t.maxAttempts}</Table.Td>
                        <Table.Td>{grants.data.filter((g) => g.subTopicId === t.subTopicId).length}</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant="light"
                            aria-label={`Allow one more attempt at ${t.title}`}
                            loading={grant.isPending && grant.variables?.subTopicId === t.subTopicId}
                            onClick={() => grant.mutate({ userId, subTopicId: t.subTopicId })}
                          >
                            Allow one more attempt
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollRegion>
            )}
            {grants.data.length > 0 && (
              <ScrollRegion label="Attempts granted" minWidth={420}>
                <Table striped aria-label="Attempts granted">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Sub-topic</Table.Th>
                      <Table.Th>Granted by</Table.Th>
                      <Table.Th>Granted at</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {grants.data.map((g) => (
                      <Table.Tr key={g.id}>
                        <Table.Td>{g.subTopicTitle}</Table.Td>
                        <Table.Td>{g.grantedBy?.name ?? 'A deleted admin'}</Table.Td>
                        <Table.Td>
                          <DateTime value={g.grantedAt} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollRegion>
            )}
          </>
        )}
      </Stack>
    </Card>
  )
}
