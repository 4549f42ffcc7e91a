import { objectOf, searchChoice, searchText } from '../../lib/route-schemas.ts'
import type { Package } from '../../../contract/content.ts'

export const PACKAGE_SORTS = [
  { value: 'name-asc', label: 'Name (A-Z)' },
  { value: 'name-desc', label: 'Name (Z-A)' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const
export type PackageSort = (typeof PACKAGE_SORTS)[number]['value']

export const DEFAULT_PACKAGE_SEARCH = { q: '', sort: 'newest' } as const satisfies { q: string; sort: PackageSort }

/** `/package?q=&sort=`: both optional; anything unreadable falls back to the default. */
export const packageListSearch = objectOf({
  q: searchText,
  sort: searchChoice(PACKAGE_SORTS.map((s) => s.value) as [PackageSort, ...PackageSort[]], DEFAULT_PACKAGE_SEARCH.sort),
})

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
const time = (p: Package) => Date.parse(p.createdAt) || 0

/** Packages whose title or any skill title contains the query (case-insensitive), in the chosen order. */
export function filterAndSortPackages(packages: readonly Package[], query: string, sort: PackageSort): Package[] {
  const needle = query.trim().toLocaleLowerCase()
  const matches = needle
    ? packages.filter((p) => p.title.toLocaleLowerCase().includes(needle) || p.skills.some((s) => s.title.toLocaleLowerCase().includes(needle)))
    : [...packages]
  const compare: Record<PackageSort, (a: Package, b: Package) => number> = {
    'name-asc': (a, b) => byName.compare(a.title, b.title) || a.id - b.id,
    'name-desc': (a, b) => byName.compare(b.title, a.title) || b.id - a.id,
    newest: (a, b) => time(b) - time(a) || b.id - a.id,
    oldest: (a, b) => time(a) - time(b) || a.id - b.id,
  }
  return matches.sort(compare[sort])
}
