import { Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { openAccessRequestsQueryOptions, useAssignRequest, useDismissRequest } from '../../queries/access-requests.ts'
import { DateTime } from '../ui/DateTime.tsx'
import { ScrollTable, SkeletonRows } from '../ui/ScrollTable.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'

const COLUMNS = ['Learner', 'Package', 'Requested', 'Action'] as const

/** Learners' open requests for packages, oldest first, each assigned or dismissed from here. */
export function AccessRequestsSection() {
  const requests = useQuery(openAccessRequestsQueryOptions())
  const assign = useAssignRequest()
  const dismiss = useDismissRequest()
  const busy = (id: number) => (assign.isPending && assign.variables === id) || (dismiss.isPending && dismiss.variables === id)

  return (
    <Stack gap="xs" component="section" aria-labelledby="access-requests-heading">
      <Title order={2} size="h4" id="access-requests-heading">
        Access requests
      </Title>
      {requests.isError ? (
        <LoadFailed onRetry={() => void requests.refetch()} retrying={requests.isFetching}>
          Failed to load access requests.
        </LoadFailed>
      ) : requests.data?.length === 0 ? (
        <Text c="dimmed" size="sm">
          No open access requests.
        </Text>
      ) : (
        <ScrollTable label="Access requests" minWidth={640} columns={COLUMNS} stickyAction>
          <Table.Tbody>
            {requests.data ? (
              requests.data.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {request.user.name}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {request.user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{request.package.title}</Table.Td>
                  <Table.Td>
                    <DateTime value={request.createdAt} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        disabled={busy(request.id)}
                        onClick={() => assign.mutate(request.id)}
                        aria-label={`Assign ${request.package.title} to ${request.user.name}`}
                      >
                        Assign
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={busy(request.id)}
                        onClick={() => dismiss.mutate(request.id)}
                        aria-label={`Dismiss the request of ${request.user.name} for ${request.package.title}`}
                      >
                        Dismiss
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            ) : (
              <SkeletonRows rows={2} columns={COLUMNS.length} />
            )}
          </Table.Tbody>
        </ScrollTable>
      )}
    </Stack>
  )
}
