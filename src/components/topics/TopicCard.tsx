import { memo } from 'react'
import { ActionIcon, Badge, Button, Card, Group, Paper, Stack, Text, TextInput, Textarea, Tooltip } from '@mantine/core'
import { IconPlus, IconTrash } from '@tabler/icons-react'
import { ButtonLink } from '../ui/links.tsx'
import { fieldId, fieldKey, type DraftField, type DraftSubTopic, type DraftTopic, type FieldErrors } from './draft.ts'

/** What a row may do; the editor keeps these stable, so unchanged rows skip re-rendering while typing. */
export interface TopicRowActions {
  editTopic: (key: string, field: DraftField, value: string) => void
  editSubTopic: (topicKey: string, subKey: string, field: DraftField, value: string) => void
  addSubTopic: (topicKey: string) => void
  deleteTopic: (topic: DraftTopic, index: number) => void
  deleteSubTopic: (topicKey: string, sub: DraftSubTopic, index: number, subIndex: number) => void
}

export const topicName = (topic: DraftTopic, index: number) => topic.title.trim() || `#${index + 1}`
export const subTopicName = (sub: DraftSubTopic, index: number, subIndex: number) => sub.title.trim() || `#${index + 1}.${subIndex + 1}`
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

interface TopicCardProps {
  topic: DraftTopic
  index: number
  /** All the editor's field errors; only this topic's are compared between renders. */
  errors: FieldErrors
  disabled: boolean
  actions: TopicRowActions
}

/** Props equal for rendering when everything but `errors` is identical and this topic's own errors are the same. */
function sameRowProps<P extends { errors: FieldErrors }>(keysOf: (props: P) => string[]) {
  return (a: P, b: P) => {
    for (const key of Object.keys(b) as (keyof P)[]) if (key !== 'errors' && a[key] !== b[key]) return false
    return keysOf(b).every((key) => a.errors[key] === b.errors[key])
  }
}

const topicFieldKeys = (topic: DraftTopic) => [
  fieldKey(topic.key, 'title'),
  fieldKey(topic.key, 'description'),
  ...topic.subTopics.flatMap((sub) => [fieldKey(sub.key, 'title'), fieldKey(sub.key, 'description')]),
]

/** One topic of the editor: its fields, its sub-topics and their actions. */
export const TopicCard = memo(
  function TopicCard({ topic, index, errors, disabled, actions }: TopicCardProps) {
    const name = topicName(topic, index)
    return (
      <Card
        withBorder
        radius="md"
        padding="md"
        component="section"
        aria-label={`Topic ${index + 1}${topic.title.trim() ? `: ${topic.title.trim()}` : ''}`}
      >
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="wrap" style={{ minWidth: 0 }}>
              <Text fw={700} component="h2" size="md" m={0}>
                Topic {index + 1}
              </Text>
              {topic.id === undefined ? (
                <Badge variant="light" color="teal" size="sm">
                  New
                </Badge>
              ) : null}
              <Badge variant="light" color="gray" size="sm">
                {plural(topic.subTopics.length, 'sub-topic', 'sub-topics')}
              </Badge>
            </Group>
            <Tooltip label="Delete topic">
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => actions.deleteTopic(topic, index)}
                disabled={disabled}
                aria-label={`Delete topic ${name}`}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>

          <TextInput
            id={fieldId(topic.key, 'title')}
            label="Topic title"
            required
            maxLength={200}
            value={topic.title}
            onChange={(e) => actions.editTopic(topic.key, 'title', e.currentTarget.value)}
            error={errors[fieldKey(topic.key, 'title')]}
            disabled={disabled}
          />
          <Textarea
            id={fieldId(topic.key, 'description')}
            label="Topic description"
            required
            maxLength={5000}
            autosize
            minRows={2}
            maxRows={8}
            value={topic.description}
            onChange={(e) => actions.editTopic(topic.key, 'description', e.currentTarget.value)}
            error={errors[fieldKey(topic.key, 'description')]}
            disabled={disabled}
          />

          <Stack gap="xs" mt="xs">
            <Text fw={600} size="sm" component="h3" m={0}>
              Sub-topics
            </Text>
            {topic.subTopics.length === 0 ? (
              <Text size="sm" c="dimmed" fs="italic">
                No subtopics added.
              </Text>
            ) : (
              topic.subTopics.map((sub, subIndex) => (
                <SubTopicRow
                  key={sub.key}
                  topicKey={topic.key}
                  sub={sub}
                  index={index}
                  subIndex={subIndex}
                  errors={errors}
                  disabled={disabled}
                  actions={actions}
                />
              ))
            )}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => actions.addSubTopic(topic.key)}
                disabled={disabled}
                aria-label={`Add sub-topic to ${topic.title.trim() || `topic #${index + 1}`}`}
              >
                Add sub-topic
              </Button>
            </Group>
          </Stack>
        </Stack>
      </Card>
    )
  },
  sameRowProps<TopicCardProps>((props) => topicFieldKeys(props.topic)),
)

interface SubTopicRowProps {
  topicKey: string
  sub: DraftSubTopic
  index: number
  subIndex: number
  errors: FieldErrors
  disabled: boolean
  actions: TopicRowActions
}

const SubTopicRow = memo(
  function SubTopicRow({ topicKey, sub, index, subIndex, errors, disabled, actions }: SubTopicRowProps) {
    const name = subTopicName(sub, index, subIndex)
    const number = `${index + 1}.${subIndex + 1}`
    return (
      <Paper
        withBorder
        radius="md"
        p="sm"
        role="group"
        aria-label={`Sub-topic ${number}${sub.title.trim() ? `: ${sub.title.trim()}` : ''}`}
        bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
      >
        <Stack gap="xs">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs">
              <Text size="sm" fw={600} c="dimmed">
                Sub-topic {number}
              </Text>
              {sub.id === undefined ? (
                <Badge variant="light" color="teal" size="xs">
                  New
                </Badge>
              ) : null}
            </Group>
            <Tooltip label="Delete sub-topic">
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => actions.deleteSubTopic(topicKey, sub, index, subIndex)}
                disabled={disabled}
                aria-label={`Delete sub-topic ${name}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <TextInput
            id={fieldId(sub.key, 'title')}
            label="Sub-topic title"
            required
            maxLength={200}
            size="sm"
            value={sub.title}
            onChange={(e) => actions.editSubTopic(topicKey, sub.key, 'title', e.currentTarget.value)}
            error={errors[fieldKey(sub.key, 'title')]}
            disabled={disabled}
          />
          <Textarea
            id={fieldId(sub.key, 'description')}
            label="Sub-topic description"
            required
            maxLength={5000}
            size="sm"
            autosize
            minRows={2}
            maxRows={6}
            value={sub.description}
            onChange={(e) => actions.editSubTopic(topicKey, sub.key, 'description', e.currentTarget.value)}
            error={errors[fieldKey(sub.key, 'description')]}
            disabled={disabled}
          />
          {sub.id === undefined ? (
            <Text size="xs" c="dimmed">
              Save to add questions and content to this sub-topic.
            </Text>
          ) : (
            <Group gap="xs">
              <ButtonLink
                to="/subtopic-mcqs/$subTopicIds"
                params={{ subTopicIds: [sub.id] }}
                variant="light"
                size="xs"
                aria-label={`View Added Questions for ${name}`}
              >
                View Added Questions
              </ButtonLink>
              <ButtonLink to="/subtopic/$id" params={{ id: sub.id }} variant="subtle" size="xs" aria-label={`Open sub-topic ${name}`}>
                Open sub-topic
              </ButtonLink>
            </Group>
          )}
        </Stack>
      </Paper>
    )
  },
  sameRowProps<SubTopicRowProps>((props) => [fieldKey(props.sub.key, 'title'), fieldKey(props.sub.key, 'description')]),
)
