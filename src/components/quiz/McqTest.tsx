import { Suspense, lazy, useMemo, useRef, useState } from 'react'
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { Sitting, SittingMode } from '../../../contract/assessment.ts'
import type { AttemptResult } from '../../../contract/learning.ts'
import { testOverviewQueryOptions, useStartSitting } from '../../queries/sittings.ts'
import { subTopicsByIdsQueryOptions } from '../../queries/subtopics.ts'
import { PageHeader } from '../ui/PageHeader.tsx'
import { TestIntro } from './TestIntro.tsx'
import { loadSitting } from './load-sitting.ts'
import classes from './Tests.module.css'

const SittingForm = lazy(() => loadSitting().then((m) => ({ default: m.SittingForm })))
const TestResult = lazy(() => loadSitting().then((m) => ({ default: m.TestResult })))

/** While the questions load. */
export function McqTestPending() {
  return (
    <Stack gap="lg" maw={900}>
      <Skeleton h={32} w={260} />
      <QuestionsPending />
    </Stack>
  )
}

function QuestionsPending() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading questions">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} h={170} radius="md" />
      ))}
    </Stack>
  )
}

/**
 * The test screen (`/mcq-test/{ids}`): the sub-topic titles, then an intro card (what the test holds, Start or
 * Resume); a sitting starts on the server only when the learner presses Start. After grading, the result shows
 * what the review policy allows.
 */
export function McqTest({ subTopicIds, mode }: { subTopicIds: number[]; mode: SittingMode }) {
  const navigate = useNavigate()
  // The route's loader has just read it.
  const overview = useQuery({ ...testOverviewQueryOptions(subTopicIds, mode), refetchOnMount: false })
  // The titles only label the page: a failure shows inline with Retry.
  const titles = useQuery({ ...subTopicsByIdsQueryOptions(subTopicIds), retryOnMount: false })
  const titleById = useMemo(() => new Map((titles.data ?? []).map((s) => [s.id, s.title])), [titles.data])
  const several = subTopicIds.length > 1

  const start = useStartSitting()
  const [chosenSitting, setChosenSitting] = useState<string | null>(null)
  const [graded, setGraded] = useState<Graded | null>(null)
  const topRef = useRef<HTMLDivElement>(null)
  // A practice sitting uses no attempt and has no clock: the one 'Practise my mistakes' opened is shown at once.
  const practiceOpen = mode === 'mistakes' && !graded ? (overview.data?.openSitting?.sittingId ?? null) : null
  const sittingId = chosenSitting ?? practiceOpen

  const single = overview.data?.subTopics.length === 1 ? overview.data.subTopics[0]! : null
  const view = single && mode === 'test' ? single : null
  const counter = view && view.maxAttempts > 0 && view.attemptsLeft !== 0 ? `Attempt ${view.attemptsUsed + 1} of ${view.maxAttempts}` : null

  /** The pressed button goes away: focus moves to the top of the test, so the keyboard starts at its first question. */
  function open(sittingId: string) {
    setChosenSitting(sittingId)
    topRef.current?.focus()
  }

  function onStart(ids: number[]) {
    void loadSitting()
    start.mutate({ subTopicIds: ids, mode }, { onSuccess: (sitting) => open(sitting.sittingId) })
  }

  function onRetake() {
    const ids = graded?.sitting.subTopicIds ?? subTopicIds
    setGraded(null)
    setChosenSitting(null)
    window.scrollTo({ top: 0 })
    topRef.current?.focus()
    onStart(ids)
  }

  /** Starts a practice sitting of the questions got wrong, then opens it. */
  function onPractise() {
    const ids = graded?.sitting.subTopicIds ?? subTopicIds
    start.mutate(
      { subTopicIds: ids, mode: 'mistakes' },
      { onSuccess: () => void navigate({ to: '/mcq-test/$subTopicIds', params: { subTopicIds }, search: { mode: 'mistakes' } }) },
    )
  }

  const heading =
    mode === 'mistakes'
      ? 'Practise my mistakes'
      : titles.data?.length === 1
        ? titles.data[0]!.title
        : several
          ? `Test on ${subTopicIds.length} sub-topics`
          : 'Test'

  return (
    <Stack gap="lg" maw={900} className={classes.page}>
      <div ref={topRef} tabIndex={-1} className={classes.focusTarget}>
        <PageHeader
          title={titles.isPending && mode === 'test' ? <Skeleton h={32} w={260} component="span" display="inline-block" /> : heading}
          subtitle={
            titles.data && (several || titles.data.length !== 1) ? (
              <span className={classes.titles}>
                {titles.data.map((s) => (
                  <span key={s.id} className={classes.titleChip}>
                    {s.title}
                  </span>
                ))}
              </span>
            ) : mode === 'mistakes' && titles.data?.[0] ? (
              titles.data[0].title
            ) : titles.data?.[0]?.topicTitle ? (
              `Topic: ${titles.data[0].topicTitle}`
            ) : undefined
          }
        />
        {counter && sittingId && !graded ? (
          <Text fw={600} mt={4}>
            {counter}
          </Text>
        ) : null}
      </div>

      {titles.isError ? (
        <Alert color="red" variant="light" title="Failed to fetch subtopic details">
          The questions below can still be answered.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void titles.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : null}

      {graded ? (
        <Suspense fallback={null}>
          <TestResult
            result={graded.result}
            sitting={graded.sitting}
            timedOut={graded.timedOut}
            titleById={titleById}
            packageId={titles.data?.[0]?.packageId}
            settings={graded.sitting.subTopicIds.length === 1 ? (view ?? null) : null}
            onRetake={onRetake}
            onPractise={onPractise}
            practising={start.isPending}
          />
        </Suspense>
      ) : sittingId ? (
        <Suspense fallback={<QuestionsPending />}>
          <SittingForm
            key={sittingId}
            sittingId={sittingId}
            titleById={titleById}
            onGraded={(result, sitting, timedOut) => setGraded({ result, sitting, timedOut })}
          />
        </Suspense>
      ) : overview.data ? (
        <TestIntro overview={overview.data} mode={mode} starting={start.isPending} onStart={onStart} onResume={open} />
      ) : (
        <QuestionsPending />
      )}
    </Stack>
  )
}

interface Graded {
  result: AttemptResult
  sitting: Sitting
  /** The deadline submitted it, not the learner. */
  timedOut: boolean
}
