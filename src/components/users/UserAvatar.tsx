import { Avatar, type AvatarProps } from '@mantine/core'
import type { User } from '../../../contract/auth.ts'
import { initials } from '../../lib/initials.ts'

/** A user's picture, or their initials when there is none or it fails to load. */
export function UserAvatar({
  user,
  ...props
}: { user: Pick<User, 'name' | 'pictureUrl'> } & Omit<AvatarProps, 'src' | 'alt' | 'children'>) {
  return (
    <Avatar src={user.pictureUrl || undefined} alt={`${user.name}'s picture`} color="indigo" radius="xl" {...props}>
      {initials(user.name)}
    </Avatar>
  )
}
