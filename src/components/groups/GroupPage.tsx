import { Skeleton, Stack } from '@mantine/core'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { groupQueryOptions } from '../../queries/groups.ts'
import { ButtonLink } from '../ui/links.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { RouteLoadError } from '../ui/RouteLoadError.tsx'
import { GroupMembersSection } from './GroupMembersSection.tsx'
import { GroupPackagesSection } from './GroupPackagesSection.tsx'

/** `/groups/{id}`: a group's members and its packages with their due settings. */
export function GroupPage({ id }: { id: number }) {
  const { data: group } = useSuspenseQuery(groupQueryOptions(id))
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader title={group.name} subtitle={group.description || undefined} actions={<BackToGroups />} />
      <GroupMembersSection group={group} />
      <GroupPackagesSection group={group} />
    </Stack>
  )
}

const BackToGroups = () => (
  <ButtonLink to="/groups" variant="light">
    Back to groups
  </ButtonLink>
)

export function GroupPending() {
  return (
    <Stack gap="lg" maw={960} aria-busy="true" aria-label="Loading group">
      <Skeleton height={32} width="40%" />
      <Skeleton height={200} radius="md" />
      <Skeleton height={200} radius="md" />
    </Stack>
  )
}

/** The group could not be read: a 404 says so ('Group not found'); both offer the way back. */
export function GroupError(props: ErrorComponentProps) {
  return (
    <RouteLoadError
      {...props}
      header={<PageHeader title="Group" />}
      failureText="Failed to fetch the group"
      actions={<BackToGroups />}
      notFoundAction={<BackToGroups />}
    />
  )
}
