import { useMemo, useState } from 'react'
import { Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { IconChevronDown, IconChevronUp, IconHistory, IconPlayerPlay } from '@tabler/icons-react'
import type { SubTopic, Topic } from '../../../contract/content.ts'
import type { McqAttempt } from '../../../contract/learning.ts'
import { attemptsBySubTopicsQueryOptions } from '../../queries/attempts.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { formatScore } from '../../lib/format.ts'
import { AttemptsTable } from './AttemptsTable.tsx'
import { resultsTopicsQueryOptions, subTopicIdsOf } from '../../queries/skill-results.ts'
import classes from './Results.module.css'
import { AnchorLink, ButtonLink } from '../ui/links.tsx'

const NO_ATTEMPTS: McqAttempt[] = []

/** `/mcq-test/resutls/{skillId}` (MCQ Results): the skill's topics and sub-topics, each with the learner's own attempts. */
export function SkillResults({ skillId }: { skillId: number }) {
  const { data: skill } = useSuspenseQuery(resultsTopicsQueryOptions(skillId))
  const subTopicIds = useMemo(() => subTopicIdsOf(skill), [skill])
  // Depends on the topics' answer (the loader warmed it); a skill without sub-topics asks for none.
  const attempts = useQuery({ ...attemptsBySubTopicsQueryOptions(subTopicIds), enabled: subTopicIds.length > 0 })

  // Newest first per sub-topic, as the server sends them.
  const bySubTopic = useMemo(() => {
    const map = new Map<number, McqAttempt[]>()
    for (const attempt of attempts.data ?? []) map.set(attempt.subTopicId, [...(map.get(attempt.subTopicId) ?? []), attempt])
    return map
  }, [attempts.data])

  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader title="MCQ Results" subtitle={`${skill.title} · ${skill.packageTitle}`} />
      {skill.topics.length === 0 ? (
        <EmptyState>No topics found.</EmptyState>
      ) : (
        <Table verticalSpacing="sm" withTableBorder className={classes.topics} aria-label="Topics and their sub-topics">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Topic Name</Table.Th>
              <Table.Th scope="col">SubTopics</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {skill.topics.map((topic) => (
              <TopicRow key={topic.id} topic={topic} bySubTopic={bySubTopic} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  )
}

export function SkillResultsPending() {
  return (
    <Stack gap="lg" maw={1000}>
      <PageHeader title="MCQ Results" />
      <Stack gap="xs" aria-busy="true" aria-label="Loading results">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={64} radius="sm" />
        ))}
      </Stack>
    </Stack>
  )
}

function TopicRow({ topic, bySubTopic }: { topic: Topic; bySubTopic: Map<number, McqAttempt[]> }) {
  return (
    <Table.Tr>
      <Table.Td className={classes.topicCell}>{topic.title}</Table.Td>
      <Table.Td className={classes.subTopicsCell}>
        {topic.subTopics.length === 0 ? (
          <Text size="sm" c="dimmed">
            No subtopics added.
          </Text>
        ) : (
          topic.subTopics.map((subTopic) => (
            <SubTopicAttempts key={subTopic.id} subTopic={subTopic} attempts={bySubTopic.get(subTopic.id) ?? NO_ATTEMPTS} />
          ))
        )}
      </Table.Td>
    </Table.Tr>
  )
}

function SubTopicAttempts({ subTopic, attempts }: { subTopic: SubTopic; attempts: McqAttempt[] }) {
  const [open, setOpen] = useState(false)
  const panelId = `attempts-${subTopic.id}`
  const latest = attempts[0]
  return (
    <div className={classes.subTopic}>
      <Group justify="space-between" gap="xs" wrap="wrap" align="center">
        <Stack gap={2} className={classes.subTopicTitle}>
          <Text fw={500}>{subTopic.title}</Text>
          <Text size="xs" c="dimmed">
            {attempts.length === 0
              ? 'Not attempted yet'
              : `${attempts.length} ${attempts.length === 1 ? 'attempt' : 'attempts'}${latest!.score !== undefined ? ` · latest ${formatScore(latest!.score)}/${latest!.totalMarks}` : ''}${latest!.passed === undefined ? '' : latest!.passed ? ' · Passed' : ' · Not passed yet'}`}
          </Text>
        </Stack>
        <Group gap={6} wrap="wrap">
          <Button
            size="xs"
            variant="light"
            aria-expanded={open}
            aria-controls={panelId}
            rightSection={open ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />}
            onClick={() => setOpen((v) => !v)}
            aria-label={`${open ? 'Hide' : 'View'} Attempts: ${subTopic.title}`}
          >
            {open ? 'Hide Attempts' : 'View Attempts'}
          </Button>
          <ButtonLink
            size="xs"
            variant="default"
            to="/mcq-test/$subTopicIds"
            params={{ subTopicIds: [subTopic.id] }}
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            aria-label={`Take Test: ${subTopic.title}`}
          >
            Take Test
          </ButtonLink>
        </Group>
      </Group>
      {open ? (
        <div id={panelId} className={classes.attemptsPanel}>
          {attempts.length === 0 ? (
            <Text size="sm" c="dimmed" py="xs">
              No attempts found
            </Text>
          ) : (
            <Stack gap={6}>
              <AttemptsTable attempts={attempts} label={`Attempts at ${subTopic.title}`} />
              <Group gap="xs">
                <AnchorLink to="/mcq-test/attempt-history/$subTopicId" params={{ subTopicId: subTopic.id }} size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconHistory size={14} aria-hidden />
                    Full attempt history
                  </Group>
                </AnchorLink>
              </Group>
            </Stack>
          )}
        </div>
      ) : null}
    </div>
  )
}
