import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { IconHistory, IconRefresh, IconSend } from '@tabler/icons-react'
import type { AttemptResult } from '../../../contract/learning.ts'
import { messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { newSubmissionId, useSubmitAttempt } from '../../queries/attempts.ts'
import { subTopicsByIdsQueryOptions } from '../../queries/subtopics.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { AnswerStore } from './answer-store.ts'
import { QuestionRow } from './QuestionRow.tsx'
import { ReviewRow } from './ReviewRow.tsx'
import { testQuestionsQueryOptions } from './quiz-queries.ts'
import classes from './Tests.module.css'
import { AnchorLink, ButtonLink } from '../ui/links.tsx'

/** How many questions have a tick: only this counter re-renders as boxes are ticked. */
function AnsweredCount({ store, total }: { store: AnswerStore; total: number }) {
  const answered = useSyncExternalStore(store.subscribe, store.answeredCount)
  return (
    <Text size="sm" c="dimmed" aria-live="off">
      {answered} of {total} answered
    </Text>
  )
}

/** While the questions load. */
export function McqTestPending() {
  return (
    <Stack gap="lg" maw={900}>
      <Skeleton h={32} w={260} />
      <Stack gap="sm" aria-busy="true" aria-label="Loading questions">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={170} radius="md" />
        ))}
      </Stack>
    </Stack>
  )
}

/** The questions could not be loaded: SPEC.md's text with the server's reason, and Retry. */
export function McqTestLoadError({ error, reset }: ErrorComponentProps) {
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title="Test" />
      <LoadFailed reset={reset}>Failed to load MCQs. {messageOf(error, '')}</LoadFailed>
    </Stack>
  )
}

/**
 * The test screen (`/mcq-test/{ids}`): the sub-topic titles, every question with checkbox options, and
 * 'Submit Test'. The server grades the answers; the result shows the score and each question marked.
 */
export function McqTest({ subTopicIds }: { subTopicIds: number[] }) {
  const { data: list } = useSuspenseQuery(testQuestionsQueryOptions(subTopicIds))
  // The titles only label the page (the loader did not wait for them to succeed): a failure shows inline with Retry.
  const titles = useQuery({ ...subTopicsByIdsQueryOptions(subTopicIds), retryOnMount: false })

  const titleById = useMemo(() => new Map((titles.data ?? []).map((s) => [s.id, s.title])), [titles.data])
  const several = subTopicIds.length > 1

  // One sitting: its answers, its submission id (reused by retries and double clicks), and a key that
  // remounts the rows (clearing their ticks) on 'Retake Test'.
  const [store] = useState(() => new AnswerStore())
  const submissionId = useRef(newSubmissionId())
  const [sitting, setSitting] = useState(0)
  const [result, setResult] = useState<AttemptResult | null>(null)
  const submit = useSubmitAttempt()
  const inFlight = useRef(false)
  const resultHeading = useRef<HTMLHeadingElement>(null)
  const topRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (result) resultHeading.current?.focus()
  }, [result])

  // 'Submit Test' with questions left unanswered asks first; the count stays for the dialog's closing animation.
  const [asking, setAsking] = useState(false)
  const [unanswered, setUnanswered] = useState(0)

  function onSubmitPressed() {
    const left = list.length - store.answeredCount()
    setUnanswered(left)
    if (left > 0) setAsking(true)
    else onSubmit()
  }

  function onSubmit() {
    setAsking(false)
    if (inFlight.current || result) return
    inFlight.current = true
    submit.mutate(
      { subTopicIds, answers: store.toPayload(), submissionId: submissionId.current },
      {
        onSuccess: (graded) => {
          notify.success('Test submitted and result saved!')
          setResult(graded)
          window.scrollTo({ top: 0 })
        },
        onSettled: () => {
          inFlight.current = false
        },
      },
    )
  }

  function onRetake() {
    store.clear()
    submissionId.current = newSubmissionId()
    submit.reset()
    setResult(null)
    setSitting((n) => n + 1)
    window.scrollTo({ top: 0 })
    topRef.current?.focus()
  }

  const reviewById = useMemo(() => new Map((result?.review ?? []).map((r) => [r.mcqId, r])), [result])
  const heading = titles.data?.length === 1 ? titles.data[0]!.title : several ? `Test on ${subTopicIds.length} sub-topics` : 'Test'

  return (
    <Stack gap="lg" maw={900} className={classes.page}>
      <div ref={topRef} tabIndex={-1} className={classes.focusTarget}>
        <PageHeader
          title={titles.isPending ? <Skeleton h={32} w={260} component="span" display="inline-block" /> : heading}
          subtitle={
            titles.data && (several || titles.data.length !== 1) ? (
              <span className={classes.titles}>
                {titles.data.map((s) => (
                  <span key={s.id} className={classes.titleChip}>
                    {s.title}
                  </span>
                ))}
              </span>
            ) : titles.data?.[0]?.topicTitle ? (
              `Topic: ${titles.data[0].topicTitle}`
            ) : undefined
          }
        />
      </div>

      {titles.isError ? (
        <Alert color="red" variant="light" title="Failed to fetch subtopic details">
          The questions below can still be answered.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void titles.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}

      {list.length === 0 ? (
        <EmptyState>Questions will be added</EmptyState>
      ) : result ? (
        <>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} className={classes.resultCard}>
            <Stack gap="sm">
              <Title order={2} size="h3" ref={resultHeading} tabIndex={-1} className={classes.focusTarget}>
                Test Completed
              </Title>
              <Text size="lg" fw={600} role="status">
                You scored {result.score} out of {result.totalMarks}
              </Text>
              {several && result.attempts.length > 1 ? <PerSubTopic result={result} titleById={titleById} /> : null}
              <Group gap="sm">
                <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetake}>
                  Retake Test
                </Button>
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
            </Stack>
          </Paper>
          <Stack gap="sm" component="ol" p={0} m={0} className={classes.list} aria-label="Your answers">
            {list.map((mcq, i) => (
              <ReviewRow
                key={mcq.id}
                mcq={mcq}
                number={i + 1}
                subTopicTitle={several ? titleById.get(mcq.subTopicId) : undefined}
                review={reviewById.get(mcq.id)}
              />
            ))}
          </Stack>
        </>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Tick every correct option: a question may have more than one, and it counts only when your choice matches exactly.
          </Text>
          <Stack key={sitting} gap="sm" component="ol" p={0} m={0} className={classes.list} aria-label="Questions">
            {list.map((mcq, i) => (
              <QuestionRow
                key={mcq.id}
                mcq={mcq}
                number={i + 1}
                subTopicTitle={several ? titleById.get(mcq.subTopicId) : undefined}
                store={store}
              />
            ))}
          </Stack>
          <Paper withBorder radius="md" p="sm" className={classes.submitBar}>
            <Group justify="space-between" gap="sm">
              <AnsweredCount store={store} total={list.length} />
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                onClick={onSubmitPressed}
                loading={submit.isPending}
                disabled={submit.isPending}
              >
                Submit Test
              </Button>
            </Group>
          </Paper>
          <ConfirmDialog
            opened={asking}
            title="Submit Test"
            message={`Submit with ${unanswered} unanswered ${unanswered === 1 ? 'question' : 'questions'}?`}
            confirmLabel="Submit"
            onConfirm={onSubmit}
            onCancel={() => setAsking(false)}
          />
        </>
      )}
    </Stack>
  )
}

/** A test over several sub-topics stores one attempt per sub-topic, each with its own score. */
function PerSubTopic({ result, titleById }: { result: AttemptResult; titleById: Map<number, string> }) {
  return (
    <Table.ScrollContainer minWidth={280} type="native">
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
                {a.score} / {a.totalMarks}
              </Table.Td>
              <Table.Td>#{a.attemptNumber}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
