import type { ReactNode } from 'react'
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { IconHistory, IconPlayerPlay } from '@tabler/icons-react'
import type { SittingMode } from '../../../contract/assessment.ts'
import type { OverviewSubTopic, TestOverview } from '../../../contract/test-overview.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { ScrollRegion } from '../ui/ScrollRegion.tsx'
import { strictestPolicy } from './strictest-policy.ts'
import { reviewPolicyWords } from './review-policy-words.ts'
import { formatClock } from './useCountdown.ts'
import { loadSitting } from './load-sitting.ts'
import classes from './Tests.module.css'

interface TestIntroProps {
  overview: TestOverview
  mode: SittingMode
  starting: boolean
  onStart: (subTopicIds: number[]) => void
  onResume: (sittingId: string) => void
}

const minutes = (n: number) => (n === 0 ? 'No time limit' : `${n} ${n === 1 ? 'minute' : 'minutes'}`)
const attemptsText = (s: OverviewSubTopic) =>
  s.maxAttempts === 0 ? `Unlimited (${s.attemptsUsed} used)` : `${s.attemptsUsed} of ${s.maxAttempts} used · ${s.attemptsLeft} left`
const titles = (list: OverviewSubTopic[]) => list.map((s) => s.title).join(', ')
/** On Start and Resume: the sitting's code starts loading before the press. */
const preparing = { onMouseEnter: () => void loadSitting(), onFocus: () => void loadSitting() }

/**
 * Before a test: what it holds (questions, time limit, attempts used and left, pass mark, what is shown after
 * submitting) and Start, or Resume when a sitting of it is open. Nothing starts until the learner presses one.
 */
export function TestIntro({ overview, mode, starting, onStart, onResume }: TestIntroProps) {
  const withQuestions = overview.subTopics.filter((s) => s.questionCount > 0)
  const empty = overview.subTopics.filter((s) => s.questionCount === 0)
  const spent = mode === 'test' ? withQuestions.filter((s) => s.attemptsLeft === 0) : []
  const takeable = withQuestions.filter((s) => !spent.includes(s))
  const open = overview.openSitting
  const single = overview.subTopics.length === 1 ? overview.subTopics[0]! : null

  if (open && !isThisTest(overview, mode)) {
    const shared = overview.subTopics.filter((s) => open.subTopicIds.includes(s.subTopicId))
    return (
      <IntroCard title="Another test in progress">
        <Text>
          Your test in progress also covers {titles(shared)}. A sub-topic can be in one open test at a time: finish that test before
          starting this one.
        </Text>
        <Group>
          <ButtonLink
            to="/mcq-test/$subTopicIds"
            params={{ subTopicIds: open.subTopicIds }}
            search={mode === 'mistakes' ? { mode } : {}}
            leftSection={<IconPlayerPlay size={16} aria-hidden />}
          >
            Go to the test in progress
          </ButtonLink>
        </Group>
      </IntroCard>
    )
  }
  if (open) {
    const left = open.deadline ? Math.max(0, Math.round((Date.parse(open.deadline) - Date.parse(open.now)) / 1000)) : null
    return (
      <IntroCard title={mode === 'test' ? 'Test in progress' : 'Practice in progress'}>
        <Text>
          {mode === 'test' ? 'You started this test earlier; your saved answers are kept.' : 'Your saved answers are kept.'}
          {left !== null ? ` Time left: ${formatClock(left)}.` : ''}
        </Text>
        <Group>
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => onResume(open.sittingId)} {...preparing}>
            {mode === 'test' ? 'Resume test' : 'Resume practice'}
          </Button>
        </Group>
      </IntroCard>
    )
  }
  if (withQuestions.length === 0) return <EmptyState>Questions will be added</EmptyState>

  const startButton = (
    <Button
      leftSection={<IconPlayerPlay size={16} aria-hidden />}
      onClick={() => onStart(takeable.map((s) => s.subTopicId))}
      loading={starting}
      disabled={takeable.length === 0}
      aria-describedby={takeable.length === 0 ? 'test-intro-why' : undefined}
      {...preparing}
    >
      {mode === 'test' ? 'Start test' : 'Start practice'}
    </Button>
  )

  if (mode === 'mistakes')
    return (
      <IntroCard title="Before you start">
        <Text>Practise the questions you got wrong last time. This practice does not count as an attempt.</Text>
        <Group>{startButton}</Group>
      </IntroCard>
    )

  const policy = strictestPolicy(takeable.length ? takeable : withQuestions)
  return (
    <IntroCard title="Before you start">
      {takeable.length === 0 ? (
        <Alert color="orange" variant="light" title="No attempts left" id="test-intro-why">
          {single
            ? `You have used all ${single.maxAttempts} ${single.maxAttempts === 1 ? 'attempt' : 'attempts'} at this test.`
            : `You have no attempts left at ${titles(spent)}.`}
        </Alert>
      ) : single ? (
        <dl className={classes.facts}>
          <Fact term="Questions" value={String(single.questionCount)} />
          <Fact term="Time limit" value={minutes(single.timeLimitMinutes)} />
          <Fact term="Attempts" value={attemptsText(single)} />
          <Fact term="Pass mark" value={`${single.passMark} %`} />
        </dl>
      ) : (
        <SubTopicFacts list={takeable} />
      )}
      {takeable.length > 0 ? <Text>{reviewPolicyWords(policy.reviewPolicy, policy.reviewAfterLastAttemptOnly)}</Text> : null}
      {spent.length > 0 && takeable.length > 0 ? (
        <Alert color="orange" variant="light" title="Left out: no attempts left">
          {titles(spent)}. The test below is on the other sub-topics.
        </Alert>
      ) : null}
      {empty.length > 0 ? (
        <Text size="sm" c="dimmed">
          Left out, no questions yet: {titles(empty)}.
        </Text>
      ) : null}
      <Group gap="sm">
        {startButton}
        {single ? (
          <ButtonLink
            to="/mcq-test/attempt-history/$subTopicId"
            params={{ subTopicId: single.subTopicId }}
            variant="default"
            leftSection={<IconHistory size={16} aria-hidden />}
          >
            Attempt history
          </ButtonLink>
        ) : null}
      </Group>
    </IntroCard>
  )
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id))

/** Whether the open sitting is this test (all of its sub-topics, or those that can be taken), not another that shares some. */
function isThisTest({ subTopics, openSitting }: TestOverview, mode: SittingMode) {
  if (!openSitting) return false
  const takeable = subTopics.filter((s) => s.questionCount > 0 && (mode === 'mistakes' || s.attemptsLeft !== 0))
  return [subTopics, takeable].some((list) =>
    sameSet(
      openSitting.subTopicIds,
      list.map((s) => s.subTopicId),
    ),
  )
}

function IntroCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" withBorder radius="md" p={{ base: 'md', sm: 'lg' }} aria-labelledby="test-intro-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="test-intro-title">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className={classes.fact}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  )
}

/** A test over several sub-topics: each one's questions, time limit, attempts and pass mark. */
function SubTopicFacts({ list }: { list: OverviewSubTopic[] }) {
  const total = list.reduce((sum, s) => sum + s.questionCount, 0)
  return (
    <>
      <Text fw={600}>
        {total} {total === 1 ? 'question' : 'questions'} from {list.length} sub-topics
      </Text>
      <ScrollRegion label="Sub-topics in this test" minWidth={520}>
        <Table verticalSpacing={6} aria-label="Sub-topics in this test">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sub-topic</Table.Th>
              <Table.Th>Questions</Table.Th>
              <Table.Th>Time limit</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th>Pass mark</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((s) => (
              <Table.Tr key={s.subTopicId}>
                <Table.Td>{s.title}</Table.Td>
                <Table.Td>{s.questionCount}</Table.Td>
                <Table.Td>{minutes(s.timeLimitMinutes)}</Table.Td>
                <Table.Td>{attemptsText(s)}</Table.Td>
                <Table.Td>{s.passMark} %</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </>
  )
}
