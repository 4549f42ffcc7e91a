/** A stretch of a video that was played, in seconds: [start, end]. */
export type WatchedRange = [number, number]

/** Sorted, with overlapping and touching ranges joined. */
function mergeRanges(ranges: readonly WatchedRange[]): WatchedRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  const merged: WatchedRange[] = []
  for (const [start, end] of sorted) {
    const last = merged.at(-1)
    if (last && start <= last[1]) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  return merged
}

/**
 * What the player watched that the server has not yet accepted, per video, for one open viewer. A heartbeat
 * takes a video's ranges; when it fails it gives them back, and they go with the next heartbeat.
 */
export function createUnsentRanges() {
  const byVideo = new Map<number, WatchedRange[]>()
  const put = (videoId: number, ranges: readonly WatchedRange[]) =>
    byVideo.set(videoId, mergeRanges([...(byVideo.get(videoId) ?? []), ...ranges]))
  return {
    add: (videoId: number, range: WatchedRange) => put(videoId, [range]),
    giveBack: (videoId: number, ranges: readonly WatchedRange[]) => put(videoId, ranges),
    take(videoId: number): WatchedRange[] {
      const ranges = byVideo.get(videoId) ?? []
      byVideo.delete(videoId)
      return ranges
    },
  }
}

export type UnsentRanges = ReturnType<typeof createUnsentRanges>
