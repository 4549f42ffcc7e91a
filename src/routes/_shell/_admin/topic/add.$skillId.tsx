import { Button, Card, Group, Skeleton, Stack } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, notFound } from '@tanstack/react-router'
import { IconArrowLeft } from '@tabler/icons-react'
import { routeId as id } from '../../../../lib/route-schemas.ts'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { ContentLoadError } from '../../../../components/topics/ContentLoadError.tsx'
import { TopicEditor } from '../../../../components/topics/TopicEditor.tsx'
import { skillTopicsQueryOptions } from '../../../../queries/skills.ts'

function parseSkillId(value: string): number {
  const parsed = id.safeParse(value)
  if (!parsed.success) throw notFound()
  return parsed.data
}

export const Route = createFileRoute('/_shell/_admin/topic/add/$skillId')({
  params: {
    parse: ({ skillId }) => ({ skillId: parseSkillId(skillId) }),
    stringify: ({ skillId }) => ({ skillId: String(skillId) }),
  },
  loader: ({ context, params }) => context.queryClient.query(skillTopicsQueryOptions(params.skillId)),
  pendingComponent: EditorPending,
  errorComponent: (props) => (
    <ContentLoadError
      {...props}
      header={<PageHeader title="Topics and sub-topics" />}
      toast="Failed to fetch topics"
      notFoundAction={<BackToPackages />}
    />
  ),
  component: TopicEditorPage,
})

function BackToPackages() {
  return (
    <Button component={Link} to="/package" variant="default" leftSection={<IconArrowLeft size={16} />}>
      Back to packages
    </Button>
  )
}

function TopicEditorPage() {
  const { skillId } = Route.useParams()
  const { data: skill } = useSuspenseQuery(skillTopicsQueryOptions(skillId))
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={skill.title}
        subtitle={`Topics and sub-topics · Package: ${skill.packageTitle}`}
        actions={<BackToPackages />}
      />
      <TopicEditor key={skill.id} skill={skill} />
    </Stack>
  )
}

function EditorPending() {
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
