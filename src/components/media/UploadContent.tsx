import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { IconFileSpreadsheet, IconPencilPlus } from '@tabler/icons-react'
import { skillTopicsQueryOptions } from '../../queries/skills.ts'
import { ContentBreadcrumbs } from '../ui/ContentBreadcrumbs.tsx'
import { BackToPackages } from '../ui/BackToPackages.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { McqSheetUpload } from './McqSheetUpload.tsx'
import { SubTopicMedia } from './SubTopicMedia.tsx'
import { TemplateDownloads } from './TemplateDownloads.tsx'

/** Upload Content (`/skill/{skillId}/topics`): the bulk MCQ import and templates, then each topic's sub-topics with their media. */
export function UploadContent({ skillId }: { skillId: number }) {
  const { data: skill } = useSuspenseQuery(skillTopicsQueryOptions(skillId))
  return (
    <Stack gap="lg" maw={1100}>
      <ContentBreadcrumbs skill={skill} />
      <PageHeader
        title={skill.title}
        subtitle={`Upload Content · Package: ${skill.packageTitle}`}
        actions={
          <>
            <ButtonLink
              to="/topic/add/$skillId"
              params={{ skillId: skill.id }}
              variant="light"
              leftSection={<IconPencilPlus size={16} aria-hidden />}
            >
              Edit topics
            </ButtonLink>
            <BackToPackages />
          </>
        }
      />

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="bulk-mcq-heading">
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconFileSpreadsheet size={20} aria-hidden style={{ flexShrink: 0, marginTop: 4 }} />
            <Title order={2} size="h4" id="bulk-mcq-heading">
              Upload MCQs At once With SubTopic ID
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <McqSheetUpload
              kind="withSubTopic"
              missingFileMessage="Please select a file"
              label="Excel file with a SubTopic ID column (.xlsx)"
            />
            <TemplateDownloads />
          </SimpleGrid>
        </Stack>
      </Card>

      {skill.topics.length === 0 ? (
        <EmptyState
          action={
            <ButtonLink to="/topic/add/$skillId" params={{ skillId: skill.id }} variant="light">
              + Add Topics and Sub Topics
            </ButtonLink>
          }
        >
          No topics added yet.
        </EmptyState>
      ) : (
        skill.topics.map((topic) => (
          <Stack key={topic.id} gap="sm" component="section" aria-labelledby={`topic-${topic.id}`}>
            <div>
              <Title order={2} size="h3" id={`topic-${topic.id}`} style={{ overflowWrap: 'anywhere' }}>
                {topic.title}
              </Title>
              {topic.description ? (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {topic.description}
                </Text>
              ) : null}
            </div>
            {topic.subTopics.length === 0 ? (
              <EmptyState>No subtopics added.</EmptyState>
            ) : (
              topic.subTopics.map((subTopic) => <SubTopicMedia key={subTopic.id} skillId={skill.id} subTopic={subTopic} />)
            )}
          </Stack>
        ))
      )}
    </Stack>
  )
}

export function UploadContentPending() {
  return (
    <Stack gap="lg" maw={1100} aria-busy="true" aria-label="Loading content">
      <Skeleton h={32} w="45%" />
      <Skeleton h={180} radius="md" />
      {[0, 1].map((n) => (
        <Card key={n} withBorder radius="md" padding="md">
          <Stack gap="sm">
            <Skeleton h={20} w="35%" />
            <Skeleton h={30} w="60%" />
            <Skeleton h={160} />
          </Stack>
        </Card>
      ))}
    </Stack>
  )
}
