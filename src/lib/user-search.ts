/** Users whose name or e-mail contains the query, case-insensitively: the assigner's search and a group's member search. */
export function filterUsers<U extends { name: string; email: string }>(users: readonly U[], query: string): U[] {
  const needle = query.trim().toLocaleLowerCase()
  if (!needle) return [...users]
  return users.filter((u) => u.name.toLocaleLowerCase().includes(needle) || u.email.toLocaleLowerCase().includes(needle))
}
