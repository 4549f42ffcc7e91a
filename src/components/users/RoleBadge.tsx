import { Badge } from '@mantine/core'
import type { Role } from '../../../contract/auth.ts'

/** The role as the server stores it: 'admin' or 'USER'. */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant="light" color={role === 'admin' ? 'grape' : 'indigo'} tt="none" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {role}
    </Badge>
  )
}
