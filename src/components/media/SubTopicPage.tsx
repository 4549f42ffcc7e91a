import type { ReactNode } from 'react'
import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { IconFileText, IconSettings, IconVideo } from '@tabler/icons-react'
import { subTopicQueryOptions } from '../../queries/subtopics.ts'
import { TestSettingsPanel } from './TestSettingsForm.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { MaterialList } from './MaterialList.tsx'
import { VideoList } from './VideoList.tsx'

function Section({ title, count, icon, children }: { title: string; count: number; icon: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Group gap="xs">
        {icon}
        <Title order={2} size="h4">
          {title}
        </Title>
        <Badge variant="light" color="gray" size="sm">
          {count}
        </Badge>
      </Group>
      {children}
    </Stack>
  )
}

/** `/subtopic/{id}`: a sub-topic's title, description, topic, videos and study materials. */
export function SubTopicPage({ id }: { id: number }) {
  const { data: sub } = useSuspenseQuery(subTopicQueryOptions(id))
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={sub.title}
        subtitle={`Sub-topic of ${sub.topicTitle}`}
        actions={
          <ButtonLink to="/subtopic-mcqs/$subTopicIds" params={{ subTopicIds: [sub.id] }} variant="light">
            View Added Questions
          </ButtonLink>
        }
      />

      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Description
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }}>{sub.description}</Text>
          </div>
          <div>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Topic
            </Text>
            <Text fw={600}>{sub.topicTitle}</Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {sub.topicDescription}
            </Text>
          </div>
        </Stack>
      </Card>

      <Section title="Videos" count={sub.videos.length} icon={<IconVideo size={20} aria-hidden />}>
        <VideoList videos={sub.videos} />
      </Section>

      <Section title="Study materials" count={sub.studyMaterials.length} icon={<IconFileText size={20} aria-hidden />}>
        <MaterialList subTopic={sub} />
      </Section>

      <Stack gap="sm" component="section" aria-label="Test settings">
        <Group gap="xs">
          <IconSettings size={20} aria-hidden />
          <Title order={2} size="h4">
            Test settings
          </Title>
        </Group>
        <Card withBorder radius="md" padding="lg">
          <TestSettingsPanel subTopicId={sub.id} />
        </Card>
      </Stack>
    </Stack>
  )
}

export function SubTopicPending() {
  return (
    <Stack gap="lg" maw={960} aria-busy="true" aria-label="Loading sub-topic">
      <Skeleton h={32} w="40%" />
      <Skeleton h={120} />
      <Skeleton h={80} />
    </Stack>
  )
}
