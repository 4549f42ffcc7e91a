import { useState } from 'react'
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import { IconChartBar, IconPencilStar, IconPlayerPlay } from '@tabler/icons-react'
import type { PackageBasic, SkillBasic } from '../../../contract/auth.ts'
import { Money } from '../ui/Money.tsx'
import { AssignmentState } from '../ui/AssignmentState.tsx'
import { currentUserQueryOptions } from '../../queries/user.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { FeedbackDialog, type FeedbackTarget } from './FeedbackDialog.tsx'
import { ListControls } from '../ui/ListControls.tsx'
import { CertificateStanding } from './CertificateStanding.tsx'
import { PackageProgressLine } from './PackageProgressLine.tsx'
import { MY_PACKAGE_SORTS, type MyPackageSort } from './list.ts'
import { filterMyPackages } from './filter-my-packages.ts'
import { ButtonLink } from '../ui/links.tsx'

interface MyPackagesProps {
  q: string
  sort: MyPackageSort
  onSearch: (q: string) => void
  onSort: (sort: MyPackageSort) => void
}

/** The learner's assigned packages (from GET /user/getUserByEmail), each with its skills and feedback buttons. */
export function MyPackages({ q, sort, onSearch, onSort }: MyPackagesProps) {
  const { data: me } = useSuspenseQuery(currentUserQueryOptions())
  const [reviewing, setReviewing] = useState<FeedbackTarget | null>(null)
  const packages = me.packages
  const shown = filterMyPackages(packages, q, sort)

  return (
    <Stack gap="lg">
      <ListControls
        searchLabel="Search"
        placeholder="Search your packages or skills..."
        q={q}
        sort={sort}
        sorts={MY_PACKAGE_SORTS}
        onSearch={onSearch}
        onSort={onSort}
      />
      {packages.length === 0 ? (
        <EmptyState
          action={
            <ButtonLink to="/user/my-dashboard" variant="light">
              Explore Learning Packages
            </ButtonLink>
          }
        >
          No packages are assigned to you yet.
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState>No matching packages found.</EmptyState>
      ) : (
        <Stack gap="lg">
          {shown.map((pkg) => (
            <MyPackage key={pkg.id} pkg={pkg} onFeedback={setReviewing} />
          ))}
        </Stack>
      )}
      <FeedbackDialog target={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  )
}

function MyPackage({ pkg, onFeedback }: { pkg: PackageBasic; onFeedback: (target: FeedbackTarget) => void }) {
  const titleId = `my-package-${pkg.id}`
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 18rem' }}>
            <Title order={2} size="h3" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {pkg.title}
            </Title>
            <AssignmentState state={pkg} />
            <Text c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {pkg.description}
            </Text>
          </Stack>
          <Group gap="sm" wrap="wrap">
            <CertificateStanding packageId={pkg.id} />
            <Text fw={700} size="lg">
              <Money value={pkg.price} />
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencilStar size={16} />}
              aria-haspopup="dialog"
              onClick={() => onFeedback({ targetType: 'PACKAGE', targetId: pkg.id, title: pkg.title })}
            >
              Give Feedback on Package
            </Button>
          </Group>
        </Group>

        <PackageProgressLine packageId={pkg.id} title={pkg.title} />

        {pkg.skills.length === 0 ? (
          <EmptyState>No skills added to this package yet.</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {pkg.skills.map((skill) => (
              <SkillCard key={skill.id} skill={skill} packageId={pkg.id} onFeedback={onFeedback} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  )
}

function SkillCard({
  skill,
  packageId,
  onFeedback,
}: {
  skill: SkillBasic
  packageId: number
  onFeedback: (target: FeedbackTarget) => void
}) {
  const titleId = `my-skill-${skill.id}`
  // A named group, not a section: two packages may each have a skill of the same title, and landmarks need unique names.
  return (
    <Card withBorder radius="md" padding="md" role="group" aria-labelledby={titleId} style={{ display: 'flex', flexDirection: 'column' }}>
      <Stack gap={6} style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={3} size="h5" id={titleId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {skill.title}
          </Title>
          <Text fw={600} size="sm" style={{ flexShrink: 0 }}>
            <Money value={skill.price} />
          </Text>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={4} style={{ overflowWrap: 'anywhere' }}>
          {skill.description}
        </Text>
      </Stack>
      <Stack gap={6} mt="md">
        <ButtonLink
          size="xs"
          to="/topics/$id"
          params={{ id: packageId }}
          search={{ skill: skill.id }}
          leftSection={<IconPlayerPlay size={16} />}
        >
          Start Learning
        </ButtonLink>
        <ButtonLink
          size="xs"
          variant="light"
          to="/mcq-test/resutls/$skillId"
          params={{ skillId: skill.id }}
          leftSection={<IconChartBar size={16} />}
        >
          MCQ Results
        </ButtonLink>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPencilStar size={16} />}
          aria-haspopup="dialog"
          onClick={() => onFeedback({ targetType: 'SKILL', targetId: skill.id, title: skill.title })}
        >
          Give Feedback on Skill
        </Button>
      </Stack>
    </Card>
  )
}
