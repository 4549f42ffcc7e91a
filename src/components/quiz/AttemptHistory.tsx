import { Button, Skeleton, Stack } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconPlayerPlay } from '@tabler/icons-react'
import { attemptsBySubTopicQueryOptions } from '../../queries/attempts.ts'
import { subTopicQueryOptions } from '../../queries/subtopics.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { AttemptsTable } from './AttemptsTable.tsx'
import { useFailureToast } from './useFailureToast.ts'
import { ButtonLink } from '../ui/links.tsx'

/** `/mcq-test/attempt-history/{subTopicId}`: the learner's own attempts at one sub-topic, newest first. */
export function AttemptHistory({ subTopicId }: { subTopicId: number }) {
  const attempts = useQuery(attemptsBySubTopicQueryOptions(subTopicId))
  const subTopic = useQuery(subTopicQueryOptions(subTopicId))
  useFailureToast(attempts.isError, attempts.errorUpdatedAt, 'Failed to fetch attempt history')

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="Attempt History"
        subtitle={subTopic.isPending ? <Skeleton h={16} w={200} component="span" display="inline-block" /> : subTopic.data ? subTopic.data.title : undefined}
        actions={
          <ButtonLink to="/mcq-test/$subTopicIds" params={{ subTopicIds: [subTopicId] }} leftSection={<IconPlayerPlay size={16} aria-hidden />} variant="light">
            Take Test
          </ButtonLink>
        }
      />
      {attempts.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading attempts">
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} h={36} radius="sm" />
          ))}
        </Stack>
      ) : attempts.isError ? (
        <EmptyState tone="error" action={<Button onClick={() => void attempts.refetch()}>Retry</Button>}>
          Failed to fetch attempt history
        </EmptyState>
      ) : attempts.data.length === 0 ? (
        <EmptyState>No attempts found for this SubTopic.</EmptyState>
      ) : (
        <AttemptsTable attempts={attempts.data} label={subTopic.data ? `Attempts at ${subTopic.data.title}` : 'Attempts'} />
      )}
    </Stack>
  )
}
