import type { Package } from '../../../../contract/content.ts'
import { focusTarget, type FocusTarget, type ViewerFocus } from './focus.ts'
import { findVideo, firstVideo, skillOfTopic, type VideoPlace } from './tree.ts'

type Skill = Package['skills'][number]

/** The skill `focus` asks for (a skill card's 'Start Learning'), if it is in the package. */
export const focusedSkill = (pkg: Package, focus: ViewerFocus): Skill | null =>
  focus.skill === undefined ? null : (pkg.skills.find((s) => s.id === focus.skill) ?? null)

/** Where a link to a topic, sub-topic or video (a search hit) opens the viewer. */
export const linkTarget = (pkg: Package, focus: ViewerFocus): FocusTarget | null =>
  focus.topic === undefined && focus.subTopic === undefined && focus.video === undefined ? null : focusTarget(pkg, focus)

/**
 * The video the viewer opens with, by id (null: the default below): a link's target; else the one the learner played
 * last (`resumed`), unless a skill is asked for and the learner was last watching outside it (then its first video).
 */
export function openingVideoId(pkg: Package, skill: Skill | null, target: FocusTarget | null, resumed: number | null): number | null {
  if (target) return target.video?.id ?? resumed
  const resumedPlace = resumed === null ? null : findVideo(pkg, resumed)
  if (skill && resumedPlace && skillOfTopic(pkg, resumedPlace.topic.id)?.id !== skill.id) return firstVideo(pkg, skill.id)?.video.id ?? null
  return resumed
}

/** The chosen video's place, else the first video of the skill asked for, else the package's first. */
export const placeOf = (pkg: Package, chosenId: number | null, skill: Skill | null): VideoPlace | null =>
  (chosenId !== null ? findVideo(pkg, chosenId) : null) ?? (skill ? firstVideo(pkg, skill.id) : null) ?? firstVideo(pkg)

/** The video the viewer shows when it opens at `focus`, for a learner who last played `resumed`. */
export function openingPlace(pkg: Package, focus: ViewerFocus, resumed: number | null): VideoPlace | null {
  const skill = focusedSkill(pkg, focus)
  return placeOf(pkg, openingVideoId(pkg, skill, linkTarget(pkg, focus), resumed), skill)
}
