/** Search and sort of a list of packages: the admin package list, the catalogue and My Learning Packages. */

export interface ListedPackage {
  id: number
  title: string
  createdAt: string
  skills: readonly { title: string }[]
}

export type PackageOrder = 'title-asc' | 'title-desc' | 'newest' | 'oldest'

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
const time = (p: ListedPackage) => Date.parse(p.createdAt) || 0
const COMPARE: Record<PackageOrder, (a: ListedPackage, b: ListedPackage) => number> = {
  'title-asc': (a, b) => byTitle.compare(a.title, b.title) || a.id - b.id,
  'title-desc': (a, b) => byTitle.compare(b.title, a.title) || b.id - a.id,
  newest: (a, b) => time(b) - time(a) || b.id - a.id,
  oldest: (a, b) => time(a) - time(b) || a.id - b.id,
}

/** Packages whose title or any skill title contains the query (case-insensitive), in the given order. */
export function filterAndSortPackages<T extends ListedPackage>(packages: readonly T[], query: string, order: PackageOrder): T[] {
  const needle = query.trim().toLocaleLowerCase()
  const matches = needle
    ? packages.filter(
        (p) => p.title.toLocaleLowerCase().includes(needle) || p.skills.some((s) => s.title.toLocaleLowerCase().includes(needle)),
      )
    : [...packages]
  return matches.sort(COMPARE[order])
}

/** The sorts of the admin package list and the catalogue: name A-Z, name Z-A, newest first, oldest first. */
export const PACKAGE_SORTS = [
  { value: 'title-asc', label: 'Name (A-Z)', order: 'title-asc' },
  { value: 'title-desc', label: 'Name (Z-A)', order: 'title-desc' },
  { value: 'newest', label: 'Newest first', order: 'newest' },
  { value: 'oldest', label: 'Oldest first', order: 'oldest' },
] as const satisfies readonly { value: string; label: string; order: PackageOrder }[]
export type PackageSort = (typeof PACKAGE_SORTS)[number]['value']

/** Earlier names of the title sorts, still read from addresses people kept. */
export const SORT_ALIASES: Readonly<Record<string, PackageSort>> = { 'name-asc': 'title-asc', 'name-desc': 'title-desc' }

/** The order a sort option stands for. */
export const orderOf = <S extends string>(sorts: readonly { value: S; order: PackageOrder }[], sort: S): PackageOrder =>
  sorts.find((s) => s.value === sort)?.order ?? 'title-asc'
