import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { IconArrowLeft, IconPencil } from '@tabler/icons-react'
import { EmptyState } from '../../../../components/ui/EmptyState.tsx'
import { PageHeader } from '../../../../components/ui/PageHeader.tsx'
import { SkillActions, SkillSummary } from '../../../../components/packages/PackageCard.tsx'
import { PackageNotFound, PackagePending, PackageRouteError, loadPackage } from '../../../../components/packages/PackageRoute.tsx'
import { packageIdParams } from '../../../../components/packages/params.ts'
import { TopicOutline } from '../../../../components/packages/TopicOutline.tsx'
import { formatDateTime, formatMoney } from '../../../../lib/format.ts'
import { packageQueryOptions } from '../../../../queries/packages.ts'

export const Route = createFileRoute('/_shell/_admin/package/$id')({
  params: packageIdParams,
  loader: ({ context, params }) => loadPackage(context.queryClient, params.id),
  pendingComponent: PackagePending,
  errorComponent: PackageRouteError,
  notFoundComponent: PackageNotFound,
  component: PackageDetailPage,
})

function PackageDetailPage() {
  const { id } = Route.useParams()
  const { data: pkg } = useSuspenseQuery(packageQueryOptions(id))
  const topicCount = pkg.skills.reduce((n, s) => n + s.topics.length, 0)

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={<span style={{ overflowWrap: 'anywhere' }}>{pkg.title}</span>}
        actions={
          <>
            <Button component={Link} to="/package" variant="default" leftSection={<IconArrowLeft size={16} />}>
              All packages
            </Button>
            <Button component={Link} to={`/package/edit/${pkg.id}`} leftSection={<IconPencil size={16} />}>
              Edit Package
            </Button>
          </>
        }
      />

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Package details">
        <Stack gap="md">
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{pkg.description}</Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" component="dl" m={0}>
            <Fact label="Price">{formatMoney(pkg.price)}</Fact>
            <Fact label="Created">{formatDateTime(pkg.createdAt)}</Fact>
            <Fact label="Contents">
              {pkg.skills.length} {pkg.skills.length === 1 ? 'skill' : 'skills'}, {topicCount} {topicCount === 1 ? 'topic' : 'topics'}
            </Fact>
          </SimpleGrid>
        </Stack>
      </Card>

      <Stack gap="sm" component="section" aria-labelledby="package-skills">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h3" id="package-skills">
            Skills
          </Title>
          <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>
            {pkg.skills.length}
          </Badge>
        </Group>
        {pkg.skills.length === 0 ? (
          <EmptyState>No skills added yet.</EmptyState>
        ) : (
          pkg.skills.map((skill) => (
            <SkillSummary key={skill.id} skill={skill} headingOrder={3}>
              <TopicOutline topics={skill.topics} />
              <SkillActions skill={skill} />
            </SkillSummary>
          ))
        )}
      </Stack>
    </Stack>
  )
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500}>
        {children}
      </Text>
    </div>
  )
}
