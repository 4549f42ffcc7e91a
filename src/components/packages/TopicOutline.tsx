import { Badge, Group, Text } from '@mantine/core'
import type { Topic } from '../../../contract/content.ts'

/** A skill's topics with how many sub-topics each holds. */
export function TopicOutline({ topics }: { topics: Topic[] }) {
  if (topics.length === 0)
    return (
      <Text size="sm" c="dimmed" fs="italic">
        No topics added yet.
      </Text>
    )
  return (
    <ul aria-label="Topics" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
      {topics.map((topic) => (
        <li key={topic.id}>
          <Group
            justify="space-between"
            wrap="nowrap"
            gap="xs"
            px="xs"
            py={6}
            style={{ borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-default-hover)' }}
          >
            <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {topic.title}
            </Text>
            <Badge variant="outline" size="sm" style={{ textTransform: 'none', flexShrink: 0 }}>
              {topic.subTopics.length} {topic.subTopics.length === 1 ? 'sub-topic' : 'sub-topics'}
            </Badge>
          </Group>
        </li>
      ))}
    </ul>
  )
}
