import { useEffect, useMemo, useRef } from 'react'
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconHistory, IconRefresh, IconTargetArrow } from '@tabler/icons-react'
import type { Sitting } from '../../../contract/assessment.ts'
import type { OverviewSubTopic } from '../../../contract/test-overview.ts'
import type { AttemptResult } from '../../../contract/learning.ts'
import { formatScore } from '../../lib/format.ts'
import { AnchorLink, ButtonLink } from '../ui/links.tsx'
import { PassedBadge } from '../ui/AttemptBadges.tsx'
import { NextAfterTest } from './NextAfterTest.tsx'
import { ReviewRow } from './ReviewRow.tsx'
import classes from './Tests.module.css'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'

interface TestResultProps {
  result: AttemptResult
  sitting: Sitting
  /** The deadline submitted it, not the learner. */
  timedOut: boolean
  titleById: Map<number, string>
  /** The package of the test's sub-topics, once known: a passed test names the package's next step. */
  packageId: number | undefined
  /** The sub-topic's settings and attempts as they stand after grading (a single sub-topic's test only). */
  settings: Pick<OverviewSubTopic, 'attemptsLeft' | 'reviewPolicy' | 'reviewAfterLastAttemptOnly'> | null
  onRetake: () => void
  onPractise: () => void
  practising: boolean
}

/**
 * After submitting: 'Test Completed', then only what the review policy allows now (the score and 'Passed' or
 * 'Not passed yet'; the correct answers; the explanations), and what to do next.
 */
export function TestResult({
  result,
  sitting,
  timedOut,
  titleById,
  packageId,
  settings,
  onRetake,
  onPractise,
  practising,
}: TestResultProps) {
  const subTopicIds = sitting.subTopicIds
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  const several = subTopicIds.length > 1
  const reviewById = useMemo(() => new Map(result.review.map((r) => [r.mcqId, r])), [result])
  const reviewed = sitting.questions.filter((q) => reviewById.has(q.id))
  const passMark = result.attempts[0]?.passMark
  const noAttemptsLeft = !result.practice && settings?.attemptsLeft === 0
  const keysHeldBack =
    !result.practice &&
    settings?.reviewAfterLastAttemptOnly === true &&
    (settings.reviewPolicy === 'answers' || settings.reviewPolicy === 'answers_and_explanations') &&
    (result.reviewLevel === 'score' || result.reviewLevel === 'never')
  const nextShown = !several && !result.practice && result.passed === true && packageId !== undefined
  const hasMistakes = result.review.some((r) => !r.correct) || (result.score !== undefined && result.score < result.totalMarks)

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} className={classes.resultCard}>
        <Stack gap="sm">
          <Group gap="sm">
            <Title order={2} size="h3" ref={heading} tabIndex={-1} className={classes.focusTarget}>
              Test Completed
            </Title>
            {result.passed !== undefined && !result.practice ? <PassedBadge passed={result.passed} /> : null}
          </Group>
          <Text size="lg" fw={600} role="status">
            {result.score !== undefined
              ? `You scored ${formatScore(result.score)} out of ${result.totalMarks}`
              : 'Your answers have been recorded.'}
          </Text>
          {result.passed !== undefined && passMark !== undefined && !several && !result.practice ? (
            <Text size="sm" c="dimmed">
              Pass mark: {passMark} %
            </Text>
          ) : null}
          {result.practice ? (
            <Text size="sm" c="dimmed">
              Practice: this does not count as an attempt.
            </Text>
          ) : null}
          {timedOut ? <Alert color="orange" variant="light" title="Time is up: your answers were submitted" /> : null}
          {result.late ? (
            <Alert color="orange" variant="light" title="Late">
              Time was up before the test arrived: your last saved answers were graded.
            </Alert>
          ) : null}
          {keysHeldBack ? <Text size="sm">The correct answers are shown after your last attempt.</Text> : null}
          {several && result.attempts.length > 1 ? <PerSubTopic result={result} titleById={titleById} /> : null}
          {noAttemptsLeft ? <Text fw={600}>No attempts left</Text> : null}
          <Group gap="sm">
            <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetake} disabled={noAttemptsLeft}>
              {result.practice ? 'Practise again' : 'Retake Test'}
            </Button>
            {hasMistakes && !result.practice ? (
              <Button variant="light" leftSection={<IconTargetArrow size={16} aria-hidden />} onClick={onPractise} loading={practising}>
                Practise my mistakes
              </Button>
            ) : null}
            {!several ? (
              <ButtonLink
                to="/mcq-test/attempt-history/$subTopicId"
                params={{ subTopicId: subTopicIds[0]! }}
                variant="default"
                leftSection={<IconHistory size={16} aria-hidden />}
              >
                Attempt history
              </ButtonLink>
            ) : null}
          </Group>
          {/* A test not passed yet offers the retake above, not a way past it. */}
          <div aria-live="polite">{nextShown ? <NextAfterTest packageId={packageId} subTopicId={subTopicIds[0]!} /> : null}</div>
        </Stack>
      </Paper>
      {reviewed.length ? (
        <Stack gap="sm" component="ol" p={0} m={0} className={classes.list} aria-label="Your answers">
          {reviewed.map((mcq, i) => (
            <ReviewRow
              key={mcq.id}
              mcq={mcq}
              number={i + 1}
              subTopicTitle={several ? titleById.get(mcq.subTopicId) : undefined}
              review={reviewById.get(mcq.id)}
            />
          ))}
        </Stack>
      ) : null}
    </>
  )
}

/** A test over several sub-topics stores one attempt per sub-topic, each with its own score. */
function PerSubTopic({ result, titleById }: { result: AttemptResult; titleById: Map<number, string> }) {
  return (
    <ScrollRegion label="Score per sub-topic" minWidth={280}>
      <Table verticalSpacing={6} aria-label="Score per sub-topic">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Sub-topic</Table.Th>
            <Table.Th>Score</Table.Th>
            <Table.Th>Attempt</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.attempts.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>
                <AnchorLink to="/mcq-test/attempt-history/$subTopicId" params={{ subTopicId: a.subTopicId }} size="sm">
                  {titleById.get(a.subTopicId) ?? `Sub-topic ${a.subTopicId}`}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                {a.score !== undefined ? `${formatScore(a.score)} / ${a.totalMarks}` : '—'}
                {a.passed !== undefined ? ` · ${a.passed ? 'Passed' : 'Not passed yet'}` : ''}
              </Table.Td>
              <Table.Td>#{a.attemptNumber}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  )
}
