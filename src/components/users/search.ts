import { objectOf, searchPage } from '../../lib/route-schemas.ts'

/** `?page=` as people read it: 1-based, 1 when missing or unreadable (the wire is 0-based). */
export const pageSearch = objectOf({ page: searchPage })
export const DEFAULT_PAGE_SEARCH = { page: 1 } as const
