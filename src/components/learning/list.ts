import { objectOf, searchChoice, searchText } from '../../lib/route-schemas.ts'

/** Search and sort of the learner's package lists: the catalogue on the home page and My Learning Packages. */

interface Listed {
  id: number
  title: string
  createdAt: string
  skills: readonly { title: string }[]
}

type Order = 'title-asc' | 'title-desc' | 'newest' | 'oldest'

const byTitle = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
const time = (p: Listed) => Date.parse(p.createdAt) || 0
const COMPARE: Record<Order, (a: Listed, b: Listed) => number> = {
  'title-asc': (a, b) => byTitle.compare(a.title, b.title) || a.id - b.id,
  'title-desc': (a, b) => byTitle.compare(b.title, a.title) || b.id - a.id,
  newest: (a, b) => time(b) - time(a) || b.id - a.id,
  oldest: (a, b) => time(a) - time(b) || a.id - b.id,
}

/** Packages whose title or any skill title contains the query (case-insensitive), in the given order. */
function filterAndSort<T extends Listed>(packages: readonly T[], query: string, order: Order): T[] {
  const needle = query.trim().toLocaleLowerCase()
  const matches = needle
    ? packages.filter((p) => p.title.toLocaleLowerCase().includes(needle) || p.skills.some((s) => s.title.toLocaleLowerCase().includes(needle)))
    : [...packages]
  return matches.sort(COMPARE[order])
}


// ---------- the catalogue (learner home): name A-Z, name Z-A, newest first, oldest first ----------

export const CATALOGUE_SORTS = [
  { value: 'name-asc', label: 'Name (A-Z)' },
  { value: 'name-desc', label: 'Name (Z-A)' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
] as const
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number]['value']
const CATALOGUE_ORDER: Record<CatalogueSort, Order> = { 'name-asc': 'title-asc', 'name-desc': 'title-desc', newest: 'newest', oldest: 'oldest' }

export const DEFAULT_CATALOGUE_SEARCH = { q: '', sort: 'name-asc' } as const satisfies { q: string; sort: CatalogueSort }

/** `/user/my-dashboard?q=&sort=`; anything unreadable falls back to the default. */
export const catalogueSearch = objectOf({
  q: searchText,
  sort: searchChoice(CATALOGUE_SORTS.map((s) => s.value) as [CatalogueSort, ...CatalogueSort[]], DEFAULT_CATALOGUE_SEARCH.sort),
})

export const filterCatalogue = <T extends Listed>(packages: readonly T[], q: string, sort: CatalogueSort) => filterAndSort(packages, q, CATALOGUE_ORDER[sort])

// ---------- My Learning Packages: title-asc, title-desc, date-newest, date-oldest (by createdAt) ----------

export const MY_PACKAGE_SORTS = [
  { value: 'title-asc', label: 'Title (A-Z)' },
  { value: 'title-desc', label: 'Title (Z-A)' },
  { value: 'date-newest', label: 'Newest first' },
  { value: 'date-oldest', label: 'Oldest first' },
] as const
export type MyPackageSort = (typeof MY_PACKAGE_SORTS)[number]['value']
const MY_ORDER: Record<MyPackageSort, Order> = { 'title-asc': 'title-asc', 'title-desc': 'title-desc', 'date-newest': 'newest', 'date-oldest': 'oldest' }

export const DEFAULT_MY_PACKAGES_SEARCH = { q: '', sort: 'title-asc' } as const satisfies { q: string; sort: MyPackageSort }

/** `/user/packages?q=&sort=`; anything unreadable falls back to the default. */
export const myPackagesSearch = objectOf({
  q: searchText,
  sort: searchChoice(MY_PACKAGE_SORTS.map((s) => s.value) as [MyPackageSort, ...MyPackageSort[]], DEFAULT_MY_PACKAGES_SEARCH.sort),
})

export const filterMyPackages = <T extends Listed>(packages: readonly T[], q: string, sort: MyPackageSort) => filterAndSort(packages, q, MY_ORDER[sort])
