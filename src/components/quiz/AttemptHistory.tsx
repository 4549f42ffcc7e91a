import { Skeleton, Stack } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { IconPlayerPlay } from '@tabler/icons-react'
import { attemptsBySubTopicQueryOptions } from '../../queries/attempts.ts'
import { subTopicQueryOptions } from '../../queries/subtopics.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { AttemptReview } from './AttemptReview.tsx'
import { AttemptsTable } from './AttemptsTable.tsx'

/**
 * `/mcq-test/attempt-history/{subTopicId}`: the learner's own attempts at one sub-topic, newest first; with
 * `?attempt={id}`, that attempt's review.
 */
export function AttemptHistory({ subTopicId, attemptId }: { subTopicId: number; attemptId?: number }) {
  // The sub-topic's title only labels the page (the loader did not wait for it to succeed).
  const subTopic = useQuery({ ...subTopicQueryOptions(subTopicId), retryOnMount: false })

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader
        title="Attempt History"
        subtitle={
          subTopic.isPending ? (
            <Skeleton h={16} w={200} component="span" display="inline-block" />
          ) : subTopic.data ? (
            subTopic.data.title
          ) : undefined
        }
        actions={
          <ButtonLink
            to="/mcq-test/$subTopicIds"
            params={{ subTopicIds: [subTopicId] }}
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
            variant="light"
          >
            Take Test
          </ButtonLink>
        }
      />
      {attemptId ? (
        <AttemptReview attemptId={attemptId} subTopicId={subTopicId} />
      ) : (
        <Attempts subTopicId={subTopicId} label={subTopic.data ? `Attempts at ${subTopic.data.title}` : 'Attempts'} />
      )}
    </Stack>
  )
}

function Attempts({ subTopicId, label }: { subTopicId: number; label: string }) {
  const { data: attempts } = useSuspenseQuery(attemptsBySubTopicQueryOptions(subTopicId))
  if (attempts.length === 0) return <EmptyState>No attempts found for this SubTopic.</EmptyState>
  return <AttemptsTable attempts={attempts} label={label} />
}

export function AttemptHistoryPending() {
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title="Attempt History" />
      <Stack gap="xs" aria-busy="true" aria-label="Loading attempts">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} h={36} radius="sm" />
        ))}
      </Stack>
    </Stack>
  )
}
