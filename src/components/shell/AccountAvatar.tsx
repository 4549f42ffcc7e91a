import { Avatar } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { getStoredUser } from '../../api/session.ts'
import { initials } from '../../lib/initials.ts'
import { currentUserQueryOptions } from '../../queries/user.ts'

/**
 * The top bar's avatar: the stored user stands in until the current one arrives; the shell never waits for it. It reads
 * the user itself, so the answer renders the avatar alone, not the whole shell around the page.
 */
export function AccountAvatar() {
  const { data: user } = useQuery({ ...currentUserQueryOptions(), placeholderData: getStoredUser() ?? undefined })
  return (
    <Avatar src={user?.pictureUrl ?? undefined} alt={user?.name ?? 'Your account'} color="indigo" radius="xl" title={user?.name}>
      {initials(user?.name)}
    </Avatar>
  )
}
