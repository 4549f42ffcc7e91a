import { memo, useId, useState } from 'react'
import { Badge, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconPencilPlus, IconTrash, IconUpload } from '@tabler/icons-react'
import type { Package, Skill } from '../../../contract/content.ts'
import { Money } from '../ui/Money.tsx'
import { useDeletePackage } from '../../queries/package-changes.ts'
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx'
import { EmptyState } from '../ui/EmptyState.tsx'
import { AnchorLink, ButtonLink } from '../ui/links.tsx'

/** A skill's two ways into its content: the topic editor and the Upload Content page. */
export function SkillActions({ skill }: { skill: Pick<Skill, 'id' | 'title'> }) {
  return (
    <Group gap="xs" wrap="wrap">
      <ButtonLink to="/topic/add/$skillId" params={{ skillId: skill.id }} size="xs" variant="light">
        + Add Topics and Sub Topics
      </ButtonLink>
      <ButtonLink
        to="/skill/$skillId/topics"
        params={{ skillId: skill.id }}
        size="xs"
        variant="default"
        leftSection={<IconUpload size={14} />}
      >
        Upload Content
      </ButtonLink>
    </Group>
  )
}

/**
 * Title, price and description of a skill; `children` adds what the screen shows below (topics, actions). A group,
 * not a region: two packages may hold skills of the same name, and landmarks must be named apart.
 */
export function SkillSummary({ skill, children, headingOrder = 4 }: { skill: Skill; children?: React.ReactNode; headingOrder?: 3 | 4 }) {
  const headingId = useId()
  return (
    <Paper withBorder radius="md" p="sm" role="group" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={headingOrder} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {skill.title}
          </Title>
          <Badge variant="light" size="lg" style={{ textTransform: 'none' }}>
            <Money value={skill.price} />
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {skill.description}
        </Text>
        {children}
      </Stack>
    </Paper>
  )
}

/** One package of the /package list: its facts, its skills and the actions on both (memoised: typing a search re-renders no card). */
export const PackageCard = memo(function PackageCard({ pkg }: { pkg: Package }) {
  const headingId = useId()
  const [confirming, setConfirming] = useState(false)
  const remove = useDeletePackage()

  function confirmDelete() {
    remove.mutate(pkg.id, {
      onSuccess: () => {
        setConfirming(false)
      },
      onError: () => setConfirming(false),
    })
  }

  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={4} style={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              <AnchorLink to="/package/$id" params={{ id: pkg.id }} inherit>
                {pkg.title}
              </AnchorLink>
            </Title>
            <Text c="dimmed" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {pkg.description}
            </Text>
          </Stack>
          <Badge size="xl" variant="light" color="teal" style={{ textTransform: 'none' }}>
            <Money value={pkg.price} />
          </Badge>
        </Group>

        <Group gap="xs" wrap="wrap">
          <ButtonLink
            to="/package/edit/$id"
            params={{ id: pkg.id }}
            search={{ addSkill: true }}
            size="sm"
            variant="light"
            leftSection={<IconPencilPlus size={16} />}
          >
            Add new Skill for this package
          </ButtonLink>
          <ButtonLink to="/package/$id" params={{ id: pkg.id }} size="sm" variant="default">
            View details
          </ButtonLink>
          <Button
            size="sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirming(true)}
            aria-label={`Delete ${pkg.title}`}
          >
            Delete
          </Button>
        </Group>

        <Stack gap="xs">
          <Text fw={600} size="sm">
            Skills ({pkg.skills.length})
          </Text>
          {pkg.skills.length === 0 ? (
            <EmptyState>No skills added yet.</EmptyState>
          ) : (
            pkg.skills.map((skill) => (
              <SkillSummary key={skill.id} skill={skill} headingOrder={3}>
                <SkillActions skill={skill} />
              </SkillSummary>
            ))
          )}
        </Stack>
      </Stack>

      <ConfirmDialog
        opened={confirming}
        title="Delete package"
        message="Are you sure you want to delete this package?"
        detail={`"${pkg.title}" will be deleted together with its skills, topics, sub-topics and all their files (videos, study materials and questions). This cannot be undone.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  )
})

/** Placeholder cards while the list loads. */
export function PackageCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="lg" aria-hidden>
      <Stack gap="sm">
        <Group justify="space-between">
          <Skeleton height={22} width="45%" />
          <Skeleton height={28} width={90} radius="xl" />
        </Group>
        <Skeleton height={12} width="80%" />
        <Skeleton height={12} width="60%" />
        <Group gap="xs">
          <Skeleton height={30} width={200} />
          <Skeleton height={30} width={110} />
        </Group>
        <Skeleton height={70} />
      </Stack>
    </Card>
  )
}
