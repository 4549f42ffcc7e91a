import type { Caption } from '../../../../contract/content.ts'

const primary = (tag: string) => tag.toLowerCase().split('-')[0]

/** How well a track's language fits one of the wanted ones: exact tag first, then the same language, else none. */
function closeness(track: Caption, wanted: readonly string[]): number {
  for (const [rank, tag] of wanted.entries()) {
    if (track.language.toLowerCase() === tag.toLowerCase()) return rank * 2
    if (primary(track.language) === primary(tag)) return rank * 2 + 1
  }
  return Number.POSITIVE_INFINITY
}

/**
 * The tracks in the order the player offers them: the learner's chosen language first, else their browser's
 * languages; captions before subtitles of the same language; the rest as the server lists them.
 */
export function orderTracks(tracks: Caption[], wanted: readonly string[]): Caption[] {
  return tracks
    .map((track, index) => ({ track, index, closeness: closeness(track, wanted) }))
    .sort((a, b) => a.closeness - b.closeness || (a.track.kind === b.track.kind ? a.index - b.index : a.track.kind === 'captions' ? -1 : 1))
    .map(({ track }) => track)
}

/** The languages the browser asks for, most wanted first. */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean)
}
