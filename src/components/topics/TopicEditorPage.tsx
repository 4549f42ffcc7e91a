import { Card, Group, Skeleton, Stack } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { skillTopicsQueryOptions } from '../../queries/skills.ts'
import { ContentBreadcrumbs } from '../ui/ContentBreadcrumbs.tsx'
import { BackToPackages } from '../ui/BackToPackages.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { TopicEditor } from './TopicEditor.tsx'

/** `/topic/add/{skillId}`: the skill's topics and sub-topics in the editor. */
export function TopicEditorPage({ skillId }: { skillId: number }) {
  const { data: skill } = useSuspenseQuery(skillTopicsQueryOptions(skillId))
  return (
    <Stack gap="lg" maw={960}>
      <ContentBreadcrumbs skill={skill} page="Topics and sub-topics" />
      <PageHeader title={skill.title} subtitle={`Topics and sub-topics · Package: ${skill.packageTitle}`} actions={<BackToPackages />} />
      <TopicEditor key={skill.id} skill={skill} />
    </Stack>
  )
}

export function TopicEditorPending() {
  return (
    <Stack gap="lg" maw={960} aria-busy="true" aria-label="Loading topics">
      <Skeleton h={32} w="50%" />
      {[0, 1].map((n) => (
        <Card key={n} withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Skeleton h={20} w={90} />
              <Skeleton h={28} w={28} />
            </Group>
            <Skeleton h={36} />
            <Skeleton h={60} />
          </Stack>
        </Card>
      ))}
    </Stack>
  )
}
