import { useQuery } from '@tanstack/react-query'
import { getStoredUser } from '../../api/session.ts'
import { currentUserQueryOptions } from '../../queries/user.ts'
import { Avatar } from '../ui/Avatar.tsx'

/**
 * The top bar's avatar: the stored user stands in until the current one arrives; the shell never waits for it. It reads
 * the user itself, so the answer renders the avatar alone, not the whole shell around the page.
 */
export function AccountAvatar() {
  const { data: user } = useQuery({ ...currentUserQueryOptions(), placeholderData: getStoredUser() ?? undefined })
  return <Avatar user={user} alt={user?.name ?? 'Your account'} title={user?.name} />
}
