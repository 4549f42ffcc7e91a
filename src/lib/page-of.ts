/** One page of a list shown page by page on the client: `page` is 1-based and clamped to the pages there are. */
export function pageOf<T>(items: readonly T[], page: number, perPage: number) {
  const pages = Math.max(1, Math.ceil(items.length / perPage))
  const current = Math.min(Math.max(1, page), pages)
  const first = (current - 1) * perPage
  return { pages, current, first, shown: items.slice(first, first + perPage) }
}
