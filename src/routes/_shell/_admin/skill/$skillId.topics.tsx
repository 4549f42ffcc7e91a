import { Card, Skeleton, Stack } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { routeId as id } from '../../../../lib/route-schemas.ts'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { BackToPackages, UploadContent } from '../../../../components/media/UploadContent.tsx'
import { ContentLoadError } from '../../../../components/topics/ContentLoadError.tsx'
import { skillTopicsQueryOptions } from '../../../../queries/skills.ts'

function parseSkillId(value: string): number {
  const parsed = id.safeParse(value)
  if (!parsed.success) throw notFound()
  return parsed.data
}

/** Upload Content: videos, study materials and question banks for every sub-topic of one skill. */
export const Route = createFileRoute('/_shell/_admin/skill/$skillId/topics')({
  params: {
    parse: ({ skillId }) => ({ skillId: parseSkillId(skillId) }),
    stringify: ({ skillId }) => ({ skillId: String(skillId) }),
  },
  loader: ({ context, params }) => context.queryClient.query(skillTopicsQueryOptions(params.skillId)),
  pendingComponent: UploadContentPending,
  errorComponent: (props) => <ContentLoadError {...props} header={<PageHeader title="Upload Content" />} toast="Failed to fetch topics" notFoundAction={<BackToPackages />} />,
  component: UploadContentPage,
})

function UploadContentPage() {
  const { skillId } = Route.useParams()
  const { data: skill } = useSuspenseQuery(skillTopicsQueryOptions(skillId))
  return <UploadContent skill={skill} />
}

function UploadContentPending() {
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
