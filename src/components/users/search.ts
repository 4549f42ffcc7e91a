import { objectOf, searchPage } from '../../lib/route-schemas.ts'
import type { User } from '../../../contract/auth.ts'

/** `?page=` as people read it: 1-based, 1 when missing or unreadable (the wire is 0-based). */
export const pageSearch = objectOf({ page: searchPage })
export const DEFAULT_PAGE_SEARCH = { page: 1 } as const

/** Users whose name or e-mail contains the query, case-insensitively. */
export function filterUsers(users: readonly User[], query: string): User[] {
  const needle = query.trim().toLocaleLowerCase()
  if (!needle) return [...users]
  return users.filter((u) => u.name.toLocaleLowerCase().includes(needle) || u.email.toLocaleLowerCase().includes(needle))
}
