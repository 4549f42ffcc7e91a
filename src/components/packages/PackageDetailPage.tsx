import type { ReactNode } from 'react'
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { IconArrowLeft, IconPencil } from '@tabler/icons-react'
import { formatDateTime } from '../../lib/format.ts'
import { Money } from '../ui/Money.tsx'
import { packageQueryOptions } from '../../queries/packages.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { SkillActions, SkillSummary } from './PackageCard.tsx'
import { TopicOutline } from './TopicOutline.tsx'

/** `/package/{id}`: a package's facts and its skills with their topics. */
export function PackageDetailPage({ id }: { id: number }) {
  const { data: pkg } = useSuspenseQuery(packageQueryOptions(id))
  const topicCount = pkg.skills.reduce((n, s) => n + s.topics.length, 0)

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={<span style={{ overflowWrap: 'anywhere' }}>{pkg.title}</span>}
        actions={
          <>
            <ButtonLink to="/package" variant="default" leftSection={<IconArrowLeft size={16} />}>
              All packages
            </ButtonLink>
            <ButtonLink to="/package/edit/$id" params={{ id: pkg.id }} leftSection={<IconPencil size={16} />}>
              Edit Package
            </ButtonLink>
          </>
        }
      />

      <Card withBorder radius="md" padding="lg" component="section" aria-label="Package details">
        <Stack gap="md">
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{pkg.description}</Text>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" component="dl" m={0}>
            <Fact label="Price">
              <Money value={pkg.price} />
            </Fact>
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

function Fact({ label, children }: { label: string; children: ReactNode }) {
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
