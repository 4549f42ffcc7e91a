import type { SearchHit, SearchHitKind } from '../../../contract/search.ts'

export const HIT_KIND_LABEL: Record<SearchHitKind, string> = {
  package: 'Package',
  skill: 'Skill',
  topic: 'Topic',
  subTopic: 'Sub-topic',
  video: 'Video',
  studyMaterial: 'Study material',
}

/** Where a hit sits: 'Package › Skill › Topic › Sub-topic', up to (not including) the hit itself. */
export function hitPlace(hit: SearchHit): string {
  const above = hit.kind === 'package' ? [] : [hit.package, hit.skill, hit.topic, hit.subTopic]
  return above
    .filter((p) => p !== null)
    .map((p) => p.title)
    .join(' › ')
}

/** The link's name: what it is and where it sits, e.g. 'Flexbox, sub-topic in Frontend Path › HTML & CSS › Layout'. */
export function hitName(hit: SearchHit): string {
  const place = hitPlace(hit)
  const kind = HIT_KIND_LABEL[hit.kind].toLowerCase()
  return place ? `${hit.title}, ${kind} in ${place}` : `${hit.title}, ${kind}`
}
