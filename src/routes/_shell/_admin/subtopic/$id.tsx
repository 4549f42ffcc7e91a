import type { ReactNode } from 'react'
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, notFound } from '@tanstack/react-router'
import { IconArrowLeft, IconExternalLink, IconFileText, IconVideo } from '@tabler/icons-react'
import { routeId as id } from '../../../../lib/route-schemas.ts'
import { EmptyState } from '../../../../components/ui/EmptyState.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { ContentLoadError } from '../../../../components/topics/ContentLoadError.tsx'
import { formatDateTime } from '../../../../lib/format.ts'
import { subTopicQueryOptions } from '../../../../queries/subtopics.ts'

function parseId(value: string): number {
  const parsed = id.safeParse(value)
  if (!parsed.success) throw notFound()
  return parsed.data
}

export const Route = createFileRoute('/_shell/_admin/subtopic/$id')({
  params: {
    parse: (params) => ({ id: parseId(params.id) }),
    stringify: (params) => ({ id: String(params.id) }),
  },
  loader: ({ context, params }) => context.queryClient.query(subTopicQueryOptions(params.id)),
  pendingComponent: SubTopicPending,
  errorComponent: (props) => (
    <ContentLoadError
      {...props}
      header={<PageHeader title="Sub-topic" />}
      toast="Failed to fetch subtopic"
      notFoundText="SubTopic not found"
      notFoundAction={
        <Button component={Link} to="/package" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Back to packages
        </Button>
      }
    />
  ),
  component: SubTopicPage,
})

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

function SubTopicPage() {
  const { id: subTopicId } = Route.useParams()
  const { data: sub } = useSuspenseQuery(subTopicQueryOptions(subTopicId))
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        title={sub.title}
        subtitle={`Sub-topic of ${sub.topicTitle}`}
        actions={
          <Button component={Link} to={`/subtopic-mcqs/${sub.id}`} variant="light">
            View Added Questions
          </Button>
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
        {sub.videos.length === 0 ? (
          <EmptyState>No videos uploaded yet.</EmptyState>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {sub.videos.map((video) => (
              <Card key={video.id} withBorder radius="md" padding="sm" component="li">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    {video.thumbnailUrl ? (
                      <img src={video.thumbnailUrl} alt="" width={96} height={54} style={{ objectFit: 'cover', borderRadius: 6, flexShrink: 0 }} />
                    ) : null}
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} truncate>
                        {video.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {video.noOfViews} {video.noOfViews === 1 ? 'view' : 'views'} · Added {formatDateTime(video.createdAt)}
                      </Text>
                    </div>
                  </Group>
                  <Anchor href={video.url} target="_blank" rel="noreferrer" size="sm">
                    <Group gap={4} wrap="nowrap">
                      Watch <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </Anchor>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Section>

      <Section title="Study materials" count={sub.studyMaterials.length} icon={<IconFileText size={20} aria-hidden />}>
        {sub.studyMaterials.length === 0 ? (
          <EmptyState>No study materials yet.</EmptyState>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {sub.studyMaterials.map((material) => (
              <Card key={material.id} withBorder radius="md" padding="sm" component="li">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <div style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{material.name}</Text>
                      <Badge variant="light" color="gray" size="sm">
                        v{material.version}
                      </Badge>
                      {material.isLatest ? (
                        <Badge variant="light" color="teal" size="sm">
                          Latest
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      Added {formatDateTime(material.createdAt)}
                    </Text>
                  </div>
                  <Anchor href={material.pdfUrl} target="_blank" rel="noreferrer" size="sm">
                    <Group gap={4} wrap="nowrap">
                      Open PDF <IconExternalLink size={14} aria-hidden />
                    </Group>
                  </Anchor>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  )
}

function SubTopicPending() {
  return (
    <Stack gap="lg" maw={960} aria-busy="true" aria-label="Loading sub-topic">
      <Skeleton h={32} w="40%" />
      <Skeleton h={120} />
      <Skeleton h={80} />
    </Stack>
  )
}
