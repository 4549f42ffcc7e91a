/**
 * A route loader's two reads. `needed` is the page's data: its failure is the route's error view. `extra` only
 * decorates the page (a title, the profile card): it loads alongside, and its failure shows where it is used.
 */
export async function neededWithExtra(needed: Promise<unknown>, extra: Promise<unknown>): Promise<void> {
  const [main] = await Promise.allSettled([needed, extra])
  if (main.status === 'rejected') throw main.reason
}
