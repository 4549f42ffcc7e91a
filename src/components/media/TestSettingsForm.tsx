import { useId, useState, type FormEvent } from 'react'
import { Button, Group, NativeSelect, NumberInput, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import type { ReviewPolicy, ScoringRule, TestSettings } from '../../../contract/assessment.ts'
import { ApiError, messageOf } from '../../api/errors.ts'
import { mcqsQueryOptions } from '../../queries/mcqs.ts'
import { testSettingsQueryOptions, useSaveTestSettings } from '../../queries/test-settings.ts'
import { summarizeTestSettings } from './test-settings-summary.ts'
import { formName } from './form-name.ts'
import { LoadFailed } from '../ui/LoadFailed.tsx'

type Values = TestSettings

const valuesOf = (s: TestSettings): Values => ({
  passMark: s.passMark,
  maxAttempts: s.maxAttempts,
  timeLimitMinutes: s.timeLimitMinutes,
  shuffleQuestions: s.shuffleQuestions,
  shuffleOptions: s.shuffleOptions,
  drawCount: s.drawCount,
  reviewPolicy: s.reviewPolicy,
  reviewAfterLastAttemptOnly: s.reviewAfterLastAttemptOnly,
  scoring: s.scoring,
})

const REVIEW_CHOICES: { value: ReviewPolicy; label: string }[] = [
  { value: 'never', label: 'Nothing but the attempt' },
  { value: 'score', label: 'The score and whether they passed' },
  { value: 'answers', label: 'The correct answers' },
  { value: 'answers_and_explanations', label: 'The correct answers and explanations' },
]

const SCORING_CHOICES: { value: ScoringRule; label: string }[] = [
  { value: 'all_or_nothing', label: 'All or nothing' },
  { value: 'partial', label: 'Partial marks' },
]

/** A whole number from a NumberInput ('' while the field is empty counts as 0). */
const whole = (value: string | number) => (typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value, 10) || 0)

/**
 * A sub-topic's test settings (admins): loads them on first show, then a compact form where each setting
 * says in one line what it does, and a sentence that sums them up as a learner will meet them.
 */
export function TestSettingsPanel({ subTopicId, subTopicTitle }: { subTopicId: number; subTopicTitle?: string }) {
  const settings = useQuery(testSettingsQueryOptions(subTopicId))
  const bank = useQuery(mcqsQueryOptions([subTopicId]))
  if (settings.isPending) return <Skeleton h={240} radius="md" aria-label="Loading test settings" />
  if (settings.isError)
    return (
      <LoadFailed onRetry={() => void settings.refetch()} retrying={settings.isFetching}>
        {messageOf(settings.error, 'Failed to load test settings')}
      </LoadFailed>
    )
  return (
    <TestSettingsForm subTopicId={subTopicId} subTopicTitle={subTopicTitle} settings={settings.data} questionCount={bank.data?.length} />
  )
}

function TestSettingsForm({
  subTopicId,
  subTopicTitle,
  settings,
  questionCount,
}: {
  subTopicId: number
  subTopicTitle: string | undefined
  settings: TestSettings
  questionCount: number | undefined
}) {
  const save = useSaveTestSettings()
  const [values, setValues] = useState(() => valuesOf(settings))
  const summaryId = useId()
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((prev) => ({ ...prev, [key]: value }))
  const dirty = JSON.stringify(values) !== JSON.stringify(valuesOf(settings))
  const showsKeys = values.reviewPolicy === 'answers' || values.reviewPolicy === 'answers_and_explanations'
  // The server refuses a draw larger than the bank (400 on drawCount); said here before saving, and its answer after.
  const drawError =
    questionCount !== undefined && values.drawCount > questionCount
      ? `Questions per attempt (${values.drawCount}) cannot exceed the ${questionCount} questions in this sub-topic's bank.`
      : save.error instanceof ApiError && save.variables?.settings.drawCount === values.drawCount
        ? save.error.details.drawCount
        : undefined

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    save.mutate(
      { subTopicId, settings: values },
      {
        onSuccess: (saved) => {
          setValues(valuesOf(saved))
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={formName('Test settings', subTopicTitle)} aria-describedby={summaryId}>
      <Stack gap="md">
        <Text id={summaryId} fw={600}>
          {summarizeTestSettings({ ...settings, ...values }, questionCount)}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <NumberInput
            label="Pass mark (%)"
            description="The share of the marks a learner needs to pass."
            min={0}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            value={values.passMark}
            onChange={(v) => set('passMark', whole(v))}
          />
          <NumberInput
            label="Attempts allowed"
            description="How many times a learner may take the test; 0 for unlimited."
            min={0}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            value={values.maxAttempts}
            onChange={(v) => set('maxAttempts', whole(v))}
          />
          <NumberInput
            label="Time limit (minutes)"
            description="Kept by the server, which submits the test when it runs out; 0 for none."
            min={0}
            max={600}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            value={values.timeLimitMinutes}
            onChange={(v) => set('timeLimitMinutes', whole(v))}
          />
          <NumberInput
            label="Questions per attempt"
            description={`A fresh random draw from the bank${questionCount !== undefined ? ` of ${questionCount}` : ''} each attempt; 0 for all.`}
            min={0}
            max={1000}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            value={values.drawCount}
            onChange={(v) => set('drawCount', whole(v))}
            error={drawError}
          />
          <NativeSelect
            label="After submitting, learners see"
            description="What the result shows once the server has graded the test."
            data={REVIEW_CHOICES}
            value={values.reviewPolicy}
            onChange={(e) => set('reviewPolicy', e.currentTarget.value as ReviewPolicy)}
          />
          <NativeSelect
            label="Scoring"
            description={
              values.scoring === 'partial'
                ? 'Partial: correct picks minus wrong picks per question, never below 0.'
                : 'All or nothing: a question counts only when the picks match the correct answers exactly.'
            }
            data={SCORING_CHOICES}
            value={values.scoring}
            onChange={(e) => set('scoring', e.currentTarget.value as ScoringRule)}
          />
        </SimpleGrid>
        <Stack gap="xs">
          <Switch
            label="Shuffle questions"
            description="Each attempt lists the questions in a new order."
            checked={values.shuffleQuestions}
            onChange={(e) => set('shuffleQuestions', e.currentTarget.checked)}
          />
          <Switch
            label="Shuffle options"
            description="Each question lists its options in a new order; every option keeps its letter."
            checked={values.shuffleOptions}
            onChange={(e) => set('shuffleOptions', e.currentTarget.checked)}
          />
          <Switch
            label="Show answers only after the last attempt"
            description="The correct answers stay hidden while the learner has attempts left."
            checked={values.reviewAfterLastAttemptOnly}
            disabled={!showsKeys}
            onChange={(e) => set('reviewAfterLastAttemptOnly', e.currentTarget.checked)}
          />
        </Stack>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={save.isPending || !dirty}>
            Save test settings
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
