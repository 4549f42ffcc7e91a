import { objectOf, searchChoice, searchText } from '../../lib/route-schemas.ts'
import { PACKAGE_SORTS, SORT_ALIASES, type PackageSort } from '../../lib/package-list.ts'

export const DEFAULT_PACKAGE_SEARCH = { q: '', sort: 'newest' } as const satisfies { q: string; sort: PackageSort }

/** `/package?q=&sort=`: both optional; anything unreadable falls back to the default. */
export const packageListSearch = objectOf({
  q: searchText,
  sort: searchChoice(
    PACKAGE_SORTS.map((s) => s.value),
    DEFAULT_PACKAGE_SEARCH.sort,
    SORT_ALIASES,
  ),
})
