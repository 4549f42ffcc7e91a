/**
 * One page of a list shown page by page on the client: `page` is 1-based and clamped to the pages there are; `range`
 * reads '21–40 of 45'.
 */
export function pageOf<T>(items: readonly T[], page: number, perPage: number) {
  const pages = Math.max(1, Math.ceil(items.length / perPage))
  const current = Math.min(Math.max(1, page), pages)
  const first = (current - 1) * perPage
  const shown = items.slice(first, first + perPage)
  return { pages, current, first, shown, range: `${first + 1}–${first + shown.length} of ${items.length}` }
}
