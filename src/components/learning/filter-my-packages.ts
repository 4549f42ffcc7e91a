import { filterAndSortPackages, orderOf, type ListedPackage } from '../../lib/package-list.ts'
import { byUrgency, type DueState } from '../../lib/due-words.ts'
import { MY_PACKAGE_SORTS, type MyPackageSort } from './list.ts'

/** 'Due first': overdue and due soon at the top (by title among equals); the other sorts as in every package list. */
export function filterMyPackages<T extends ListedPackage & DueState>(packages: readonly T[], q: string, sort: MyPackageSort): T[] {
  const listed = filterAndSortPackages(packages, q, orderOf(MY_PACKAGE_SORTS, sort))
  return sort === 'due' ? listed.sort(byUrgency) : listed
}
