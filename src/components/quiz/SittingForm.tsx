import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { IconSend } from '@tabler/icons-react'
import type { Sitting } from '../../../contract/assessment.ts'
import type { AttemptResult } from '../../../contract/learning.ts'
import { newSubmissionId, useSubmitAttempt } from '../../queries/attempts.ts'
import { sittingKeys, sittingQueryOptions } from '../../queries/sittings.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { AnswerStore } from './answer-store.ts'
import { Countdown } from './Countdown.tsx'
import { QuestionRow } from './QuestionRow.tsx'
import { useAutosave, type AutosaveState } from './useAutosave.ts'
import { useCountdown } from './useCountdown.ts'
import classes from './Tests.module.css'

/** How many questions have a tick: only this counter re-renders as boxes are ticked. */
function AnsweredCount({ store, total }: { store: AnswerStore; total: number }) {
  const answered = useSyncExternalStore(store.subscribe, store.answeredCount)
  return (
    <Text size="sm" c="dimmed" aria-live="off">
      {answered} of {total} answered
    </Text>
  )
}

const SAVE_TEXT: Record<AutosaveState, string> = {
  idle: '',
  saving: 'Saving…',
  saved: 'Answers saved',
  failed: 'Answers not saved yet',
}

interface SittingFormProps {
  sittingId: string
  titleById: Map<number, string>
  /** `timedOut`: the deadline submitted it, not the learner. */
  onGraded: (result: AttemptResult, sitting: Sitting, timedOut: boolean) => void
}

/**
 * One sitting, as the server pinned it: its questions and options in their order, the saved answers restored,
 * answers autosaved as they change, a countdown when there is a time limit, and submission at the deadline.
 */
export function SittingForm(props: SittingFormProps) {
  const { data: sitting } = useSuspenseQuery(sittingQueryOptions(props.sittingId))
  if (sitting.questions.length === 0) return <EmptyState>Questions will be added</EmptyState>
  return <OpenSitting {...props} sitting={sitting} />
}

function OpenSitting({ titleById, onGraded, sitting }: SittingFormProps & { sitting: Sitting }) {
  const queryClient = useQueryClient()
  // The cached sitting is only this screen's: once it closes (graded, retaken or left), Resume reads it again
  // with the answers saved since.
  const key = useRef(sittingKeys.detail(sitting.sittingId))
  useEffect(() => () => queryClient.removeQueries({ queryKey: key.current, exact: true }), [queryClient])
  const mode = sitting.mode
  const practice = mode === 'mistakes'
  const several = sitting.subTopicIds.length > 1
  const [store] = useState(() => new AnswerStore(sitting.answers))
  const autosave = useAutosave(store, sitting.sittingId, true)
  const secondsLeft = useCountdown(sitting.deadline, sitting.now)
  const submissionId = useRef(newSubmissionId())
  const submit = useSubmitAttempt()
  const inFlight = useRef(false)
  const list = sitting.questions

  // 'Submit Test' with questions left unanswered asks first; the count stays for the dialog's closing animation.
  const [asking, setAsking] = useState(false)
  const [unanswered, setUnanswered] = useState(0)

  function onSubmitPressed() {
    const left = list.length - store.answeredCount()
    setUnanswered(left)
    if (left > 0) setAsking(true)
    else onSubmit()
  }

  function onSubmit(timedOut = false) {
    setAsking(false)
    if (inFlight.current) return
    inFlight.current = true
    autosave.cancelPending()
    submit.mutate(
      { sittingId: sitting.sittingId, answers: store.toPayload(), submissionId: submissionId.current },
      {
        onSuccess: (graded) => {
          onGraded(graded, sitting, timedOut)
          window.scrollTo({ top: 0 })
        },
        onSettled: () => {
          inFlight.current = false
        },
      },
    )
  }

  // The deadline submits what is ticked (the server grades its last saved answers if this arrives too late).
  const submitRef = useRef(onSubmit)
  submitRef.current = onSubmit
  const timeUp = secondsLeft === 0
  useEffect(() => {
    if (timeUp) submitRef.current(true)
  }, [timeUp])

  return (
    <>
      <Text size="sm" c="dimmed">
        {practice
          ? 'Practise the questions you got wrong last time. This practice does not count as an attempt.'
          : 'Tick every correct option: a question may have more than one, and it counts only when your choice matches exactly.'}
      </Text>
      <Stack gap="sm" component="ol" p={0} m={0} className={classes.list} aria-label="Questions">
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
          <Stack gap={0}>
            {secondsLeft !== null ? <Countdown secondsLeft={secondsLeft} /> : null}
            <Group gap="xs">
              <AnsweredCount store={store} total={list.length} />
              {SAVE_TEXT[autosave.state] ? (
                <Text size="sm" c="dimmed">
                  · {SAVE_TEXT[autosave.state]}
                </Text>
              ) : null}
            </Group>
          </Stack>
          <Button
            leftSection={<IconSend size={16} aria-hidden />}
            onClick={onSubmitPressed}
            loading={submit.isPending}
            disabled={submit.isPending}
          >
            {practice ? 'Submit practice' : 'Submit Test'}
          </Button>
        </Group>
      </Paper>
      <ConfirmDialog
        opened={asking && !timeUp}
        title={practice ? 'Submit practice' : 'Submit Test'}
        message={`Submit with ${unanswered} unanswered ${unanswered === 1 ? 'question' : 'questions'}?`}
        confirmLabel="Submit"
        onConfirm={() => onSubmit()}
        onCancel={() => setAsking(false)}
      />
    </>
  )
}
