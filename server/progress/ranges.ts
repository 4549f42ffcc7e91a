/** Watched time as [start, end] ranges in seconds. */
export type Range = [number, number]

/** Sorted, non-overlapping ranges; overlapping and touching ranges become one. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0])
  const merged: Range[] = []
  for (const [start, end] of sorted) {
    const last = merged.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  return merged
}

/** The ranges cut to [0, duration]; what falls outside is dropped. */
export function clampRanges(ranges: readonly Range[], duration: number): Range[] {
  return ranges.map(([start, end]): Range => [Math.max(0, start), Math.min(duration, end)]).filter(([start, end]) => end > start)
}

export const totalSeconds = (ranges: readonly Range[]) => ranges.reduce((sum, [start, end]) => sum + end - start, 0)

/**
 * The parts of `claimed` that `have` (merged) does not cover yet, earliest first, cut off once they add up to
 * `limit` seconds: what one heartbeat may add.
 */
export function newlyWatched(have: readonly Range[], claimed: readonly Range[], limit: number): Range[] {
  const fresh: Range[] = []
  let left = limit
  for (const [claimStart, claimEnd] of mergeRanges(claimed)) {
    let cursor = claimStart
    for (const [start, end] of [...have, [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY] as Range]) {
      if (left <= 0 || cursor >= claimEnd) break
      if (end <= cursor) continue
      const gapEnd = Math.min(start, claimEnd)
      if (gapEnd > cursor) {
        const taken = Math.min(gapEnd - cursor, left)
        fresh.push([cursor, cursor + taken])
        left -= taken
      }
      cursor = Math.max(cursor, end)
    }
  }
  return fresh
}
