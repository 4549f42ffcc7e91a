/** Watched time as [start, end] ranges in seconds. */
export type Range = [number, number]

/**
 * The most separate ranges one video keeps per user. Honest watching makes a handful; past the cap a new stretch
 * is credited only where it joins or extends one already kept, so what is stored stays bounded.
 */
export const MAX_STORED_RANGES = 100

/** Sorted, non-overlapping ranges; overlapping ranges, and ranges less than a second apart, become one. */
export function mergeRanges(ranges: readonly Range[]): Range[] {
  const sorted = ranges.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0])
  const merged: Range[] = []
  for (const [start, end] of sorted) {
    const last = merged.at(-1)
    if (last && start - last[1] < 1) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  return merged
}

/** The ranges to whole seconds (rounded), cut to [0, duration]; what is left empty is dropped. */
export function wholeSeconds(ranges: readonly Range[], duration: number): Range[] {
  return ranges
    .map(([start, end]): Range => [Math.max(0, Math.round(start)), Math.min(duration, Math.round(end))])
    .filter(([start, end]) => end > start)
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

/** `have` with each of `fresh` added, except those that would make more than MAX_STORED_RANGES separate ranges. */
export function addWithinCap(have: readonly Range[], fresh: readonly Range[]): Range[] {
  let kept = mergeRanges(have)
  for (const range of fresh) {
    const next = mergeRanges([...kept, range])
    if (next.length <= Math.max(MAX_STORED_RANGES, kept.length)) kept = next
  }
  return kept
}
