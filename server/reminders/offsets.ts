const DAY_MS = 86_400_000

/**
 * The reminder offset to send now: of the offsets (days before `dueAt`; negative: after it) whose moment has come,
 * the latest moment's. Several passed at once (an assignment made late, no instance running) give one reminder.
 * Null when no moment has come yet.
 */
export function latestPassedOffset(dueAt: Date, offsets: readonly number[], now: Date): number | null {
  let latest: number | null = null
  for (const offset of offsets) {
    const moment = dueAt.getTime() - offset * DAY_MS
    if (moment <= now.getTime() && (latest === null || offset < latest)) latest = offset
  }
  return latest
}

/** Whole days from `now` to `dueAt`, rounded up (0 or less once it is due). */
export const daysLeft = (dueAt: Date, now: Date) => Math.ceil((dueAt.getTime() - now.getTime()) / DAY_MS)
