import { objectOf, searchChoice, searchText } from '../../lib/route-schemas.ts'
import {
  PACKAGE_SORTS,
  SORT_ALIASES,
  filterAndSortPackages,
  orderOf,
  type ListedPackage,
  type PackageSort,
} from '../../lib/package-list.ts'

/**
 * Search and sort of the learner's package lists: the catalogue on the home page and My Learning Packages. The routes'
 * search schemas read this file from the entry chunk, so it stays free of dayjs (filtering by due date is in
 * filter-my-packages.ts).
 */

// ---------- the catalogue (learner home): name A-Z, name Z-A, newest first, oldest first ----------

export const CATALOGUE_SORTS = PACKAGE_SORTS
export type CatalogueSort = PackageSort

export const DEFAULT_CATALOGUE_SEARCH = { q: '', sort: 'title-asc' } as const satisfies { q: string; sort: CatalogueSort }

/** `/user/my-dashboard?q=&sort=`; anything unreadable falls back to the default. */
export const catalogueSearch = objectOf({
  q: searchText,
  sort: searchChoice(
    CATALOGUE_SORTS.map((s) => s.value),
    DEFAULT_CATALOGUE_SEARCH.sort,
    SORT_ALIASES,
  ),
})

export const filterCatalogue = <T extends ListedPackage>(packages: readonly T[], q: string, sort: CatalogueSort) =>
  filterAndSortPackages(packages, q, orderOf(CATALOGUE_SORTS, sort))

// ---------- My Learning Packages: due first (default), title-asc, title-desc, date-newest, date-oldest ----------

export const MY_PACKAGE_SORTS = [
  { value: 'due', label: 'Due first', order: 'title-asc' },
  { value: 'title-asc', label: 'Title (A-Z)', order: 'title-asc' },
  { value: 'title-desc', label: 'Title (Z-A)', order: 'title-desc' },
  { value: 'date-newest', label: 'Newest first', order: 'newest' },
  { value: 'date-oldest', label: 'Oldest first', order: 'oldest' },
] as const
export type MyPackageSort = (typeof MY_PACKAGE_SORTS)[number]['value']

export const DEFAULT_MY_PACKAGES_SEARCH = { q: '', sort: 'due' } as const satisfies { q: string; sort: MyPackageSort }

/** `/user/packages?q=&sort=`; anything unreadable falls back to the default. */
export const myPackagesSearch = objectOf({
  q: searchText,
  sort: searchChoice(
    MY_PACKAGE_SORTS.map((s) => s.value),
    DEFAULT_MY_PACKAGES_SEARCH.sort,
  ),
})
