import { Alert, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Modal } from '../ui/Modal.tsx'
import { useQuery } from '@tanstack/react-query'
import { IconLock, IconPlayerPlay } from '@tabler/icons-react'
import type { Package } from '../../../contract/content.ts'
import { packageQueryOptions } from '../../queries/packages.ts'
import { EmptyState } from '../ui/EmptyState.tsx'
import { useLast } from './useLast.ts'
import { ButtonLink } from '../ui/links.tsx'
import { LoadFailed } from '../ui/LoadFailed.tsx'
import type { TopicsDialogProps } from './TopicsDialog.tsx'

/**
 * 'View Topics': a package's topics and sub-topics, skill by skill. The tree belongs to the learners it is
 * assigned to, so for any other package this shows its skills and says the content opens once assigned.
 */
export default function TopicsDialogBody({ pkg, owned, onClose }: TopicsDialogProps) {
  const shown = useLast(pkg ? { pkg, owned } : null)
  return (
    <Modal opened={pkg !== null} onClose={onClose} title={`Topics — ${shown?.pkg.title ?? ''}`} size="lg" centered>
      {shown ? shown.owned ? <OwnedTopics pkg={shown.pkg} /> : <LockedTopics pkg={shown.pkg} /> : null}
    </Modal>
  )
}

function OwnedTopics({ pkg }: { pkg: Package }) {
  // Opened on demand; this dialog names its own failure ('Failed to fetch topics').
  const tree = useQuery({ ...packageQueryOptions(pkg.id), meta: { errorMessage: 'Failed to fetch topics' } })
  if (tree.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Loading topics">
        <Skeleton height={16} width="50%" />
        <Skeleton height={12} width="70%" />
        <Skeleton height={12} width="60%" />
      </Stack>
    )
  }
  if (tree.isError) {
    return (
      <LoadFailed onRetry={() => void tree.refetch()} retrying={tree.isFetching}>
        Failed to fetch topics
      </LoadFailed>
    )
  }
  const skills = tree.data.skills
  return (
    <Stack gap="md">
      {skills.length === 0 ? <EmptyState>No skills added yet.</EmptyState> : null}
      {skills.map((skill) => (
        <Stack key={skill.id} gap={6} component="section" aria-label={skill.title}>
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {skill.title}
          </Title>
          {skill.topics.length === 0 ? (
            <Text size="sm" c="dimmed">
              No topics added yet.
            </Text>
          ) : (
            <List spacing={6} size="sm">
              {skill.topics.map((topic) => (
                <List.Item key={topic.id}>
                  <Text size="sm" fw={500} span style={{ overflowWrap: 'anywhere' }}>
                    {topic.title}
                  </Text>
                  {topic.subTopics.length === 0 ? (
                    <Text size="xs" c="dimmed">
                      No subtopics added.
                    </Text>
                  ) : (
                    <List withPadding listStyleType="circle" size="sm" mt={2}>
                      {topic.subTopics.map((sub) => (
                        <List.Item key={sub.id}>{sub.title}</List.Item>
                      ))}
                    </List>
                  )}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
      <Group justify="flex-end">
        <ButtonLink to="/topics/$id" params={{ id: pkg.id }} leftSection={<IconPlayerPlay size={16} />}>
          Start Learning
        </ButtonLink>
      </Group>
    </Stack>
  )
}

function LockedTopics({ pkg }: { pkg: Package }) {
  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" icon={<IconLock size={18} />}>
        The topics and sub-topics of this package open once it is assigned to you. Until then, here are its skills.
      </Alert>
      {pkg.skills.length === 0 ? (
        <EmptyState>No skills added yet.</EmptyState>
      ) : (
        <List spacing="xs" size="sm" aria-label={`Skills of ${pkg.title}`}>
          {pkg.skills.map((skill) => (
            <List.Item key={skill.id}>
              <Text size="sm" fw={500} span style={{ overflowWrap: 'anywhere' }}>
                {skill.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {skill.description}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  )
}
