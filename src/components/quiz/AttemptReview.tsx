import { Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { IconArrowLeft } from '@tabler/icons-react'
import type { AttemptReview as Review } from '../../../contract/attempt-review.ts'
import { attemptReviewQueryOptions } from '../../queries/attempts.ts'
import { formatScore } from '../../lib/format.ts'
import { PassedBadge } from '../ui/AttemptBadges.tsx'
import { DateTime } from '../ui/DateTime.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { percentOf } from './percent.ts'
import { ReviewRow } from './ReviewRow.tsx'
import classes from './Tests.module.css'

/**
 * A past attempt, opened from its history row: what its review policy lets the learner see now, as right after
 * submitting (the server sends no more than that).
 */
export function AttemptReview({ attemptId, subTopicId }: { attemptId: number; subTopicId: number }) {
  const { data } = useSuspenseQuery(attemptReviewQueryOptions(attemptId))
  const { attempt, questions } = data
  return (
    <Stack gap="lg">
      <Group>
        <ButtonLink
          to="/mcq-test/attempt-history/$subTopicId"
          params={{ subTopicId }}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          All attempts
        </ButtonLink>
      </Group>
      <Summary attempt={attempt} />
      {questions.length ? (
        <Stack gap="sm" component="ol" p={0} m={0} className={classes.list} aria-label="Your answers">
          {questions.map((q, i) => (
            <ReviewRow key={q.id} mcq={q} number={i + 1} review={q.review} />
          ))}
        </Stack>
      ) : null}
    </Stack>
  )
}

function Summary({ attempt }: { attempt: Review['attempt'] }) {
  const name = attempt.practice ? 'Practice' : `Attempt ${attempt.attemptNumber}`
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      className={classes.resultCard}
      aria-labelledby="attempt-review-title"
    >
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} size="h3" id="attempt-review-title">
            Review of {name}
          </Title>
          {attempt.passed !== undefined && !attempt.practice ? <PassedBadge passed={attempt.passed} /> : null}
        </Group>
        <Text size="sm" c="dimmed">
          <DateTime value={attempt.attemptedAt} />
        </Text>
        <Text size="lg" fw={600}>
          {attempt.score !== undefined
            ? `You scored ${formatScore(attempt.score)} out of ${attempt.totalMarks} (${percentOf(attempt.score, attempt.totalMarks)} %)`
            : 'Your answers have been recorded.'}
        </Text>
        {attempt.score !== undefined && !attempt.practice ? (
          <Text size="sm" c="dimmed">
            Pass mark: {attempt.passMark} %
          </Text>
        ) : null}
        {attempt.reviewLevel === 'score' ? <Text size="sm">The correct answers are not shown for this test now.</Text> : null}
      </Stack>
    </Paper>
  )
}
