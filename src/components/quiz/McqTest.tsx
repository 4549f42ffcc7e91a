import { Suspense, useMemo, useRef, useState } from 'react'
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate, type ErrorComponentProps } from '@tanstack/react-router'
import { IconHistory, IconSend } from '@tabler/icons-react'
import type { Sitting, SittingMode } from '../../../contract/assessment.ts'
import type { AttemptResult } from '../../../contract/learning.ts'
import { messageOf } from '../../api/errors.ts'
import { notify } from '../../lib/toast.ts'
import { openSittingQueryOptions, sittingKeys } from '../../queries/sittings.ts'
import { subTopicsByIdsQueryOptions } from '../../queries/subtopics.ts'
import { testSettingsQueryOptions } from '../../queries/test-settings.ts'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { SittingForm } from './SittingForm.tsx'
import { TestResult } from './TestResult.tsx'
import classes from './Tests.module.css'

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

/** The questions could not be loaded: the screen's failure text with the server's reason, and Retry. */
export function McqTestLoadError({ error, reset }: ErrorComponentProps) {
  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title="Test" />
      <LoadFailed reset={reset}>Failed to load MCQs. {messageOf(error, '')}</LoadFailed>
    </Stack>
  )
}

/**
 * The test screen (`/mcq-test/{ids}`): the sub-topic titles, 'Attempt 2 of 3' where attempts are limited, and
 * a sitting started on the server (see SittingForm). After grading, the result shows what the review policy allows.
 */
export function McqTest({ subTopicIds, mode }: { subTopicIds: number[]; mode: SittingMode }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const single = subTopicIds.length === 1 ? subTopicIds[0]! : null
  // The attempt counter and 'No attempts left' read a single sub-topic's settings (loaded by the route).
  const settings = useQuery({ ...testSettingsQueryOptions(single ?? 0), enabled: single !== null })
  // The titles only label the page: a failure shows inline with Retry.
  const titles = useQuery({ ...subTopicsByIdsQueryOptions(subTopicIds), retryOnMount: false })
  const titleById = useMemo(() => new Map((titles.data ?? []).map((s) => [s.id, s.title])), [titles.data])
  const several = subTopicIds.length > 1

  const [graded, setGraded] = useState<{ result: AttemptResult; sitting: Sitting } | null>(null)
  const [round, setRound] = useState(0)
  const [practising, setPractising] = useState(false)
  const topRef = useRef<HTMLDivElement>(null)

  const view = single !== null && mode === 'test' ? (settings.data ?? null) : null
  const counter = view && view.maxAttempts > 0 && view.attemptsLeft !== 0 ? `Attempt ${view.attemptsUsed + 1} of ${view.maxAttempts}` : null
  const noAttemptsLeft = view?.attemptsLeft === 0

  function onRetake() {
    setGraded(null)
    setRound((n) => n + 1)
    window.scrollTo({ top: 0 })
    topRef.current?.focus()
  }

  /** Starts a practice sitting of the questions got wrong, then opens it. */
  async function onPractise() {
    setPractising(true)
    queryClient.removeQueries({ queryKey: sittingKeys.open(subTopicIds, 'mistakes') })
    try {
      await queryClient.query(openSittingQueryOptions(subTopicIds, 'mistakes'))
      await navigate({ to: '/mcq-test/$subTopicIds', params: { subTopicIds }, search: { mode: 'mistakes' } })
    } catch (error) {
      notify.error(messageOf(error, 'Nothing to practise'))
    } finally {
      setPractising(false)
    }
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
        {counter && !graded ? (
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
        <TestResult
          result={graded.result}
          sitting={graded.sitting}
          subTopicIds={subTopicIds}
          titleById={titleById}
          settings={view}
          onRetake={onRetake}
          onPractise={() => void onPractise()}
          practising={practising}
        />
      ) : single !== null && mode === 'test' && settings.isPending ? (
        <QuestionsPending />
      ) : noAttemptsLeft ? (
        <NoAttemptsLeft subTopicId={single!} maxAttempts={view!.maxAttempts} />
      ) : (
        <Suspense fallback={<QuestionsPending />}>
          <SittingForm
            key={round}
            subTopicIds={subTopicIds}
            mode={mode}
            titleById={titleById}
            onGraded={(result, sitting) => setGraded({ result, sitting })}
          />
        </Suspense>
      )}
    </Stack>
  )
}

/** Every allowed attempt is used: no sitting starts, and Submit stays disabled. */
function NoAttemptsLeft({ subTopicId, maxAttempts }: { subTopicId: number; maxAttempts: number }) {
  return (
    <>
      <Alert color="orange" variant="light" title="No attempts left">
        You have used all {maxAttempts} {maxAttempts === 1 ? 'attempt' : 'attempts'} at this test.
      </Alert>
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="sm">
          <ButtonLink
            to="/mcq-test/attempt-history/$subTopicId"
            params={{ subTopicId }}
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            Attempt history
          </ButtonLink>
          <Button leftSection={<IconSend size={16} aria-hidden />} disabled>
            Submit Test
          </Button>
        </Group>
      </Paper>
    </>
  )
}
