import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import type { User } from '../../../contract/auth.ts'
import { AnchorLink } from '../ui/links.tsx'
import { RoleBadge } from './RoleBadge.tsx'
import { Avatar } from '../ui/Avatar.tsx'

const GRID_COLUMNS = { base: 1, xs: 2, md: 3, xl: 4 }

/** The All Users grid (picture, name, e-mail and role); skeleton cards without `users`. */
export function UserCards({ users }: { users?: User[] }) {
  if (!users) {
    return (
      <SimpleGrid cols={GRID_COLUMNS} aria-busy="true" aria-label="Loading users">
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder cards with no data; the count is fixed and never reordered
          <Skeleton key={i} height={170} radius="md" />
        ))}
      </SimpleGrid>
    )
  }
  return (
    <SimpleGrid component="ul" cols={GRID_COLUMNS} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
      {users.map((user) => (
        <Card key={user.id} component="li" withBorder radius="md" padding="lg" aria-label={user.name}>
          <Stack gap={6} align="center" ta="center">
            <Avatar user={user} alt={`${user.name}'s picture`} size={64} />
            <AnchorLink to="/user/detail" search={{ id: user.id }} fw={600} lineClamp={2} mt={4}>
              {user.name}
            </AnchorLink>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <RoleBadge role={user.role} />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  )
}
