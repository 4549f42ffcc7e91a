import type { Page } from '../../contract/envelope.ts'

/** Builds the one page shape: {content, totalPages, totalElements, number, size, first, last, empty}. */
export function toPage<T>(content: T[], totalElements: number, page: number, size: number): Page<T> {
  const totalPages = Math.ceil(totalElements / size)
  return {
    content,
    totalPages,
    totalElements,
    number: page,
    size,
    first: page === 0,
    last: page >= totalPages - 1,
    empty: content.length === 0,
  }
}

/** `%…%` for a case-insensitive contains, with LIKE's wildcards taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
