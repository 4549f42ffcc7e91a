import type { Package, SubTopic, Topic, Video } from '../../../../contract/content.ts'

/** Where a link into the viewer asks it to open (`/topics/{id}?subTopic=…`): the most specific id given wins. */
export interface ViewerFocus {
  skill?: number
  topic?: number
  subTopic?: number
  video?: number
}

export interface FocusTarget {
  topic: Topic
  /** The sub-topic to open; with no video, the one the learner asked for still opens in the outline. */
  subTopic: SubTopic | null
  /** The video to play: the one asked for, else the first under what was asked for. */
  video: Video | null
}

const within = (topic: Topic, subTopics: SubTopic[]): FocusTarget => {
  const withVideo = subTopics.find((s) => s.videos.length > 0)
  const subTopic = withVideo ?? subTopics[0] ?? null
  return { topic, subTopic, video: withVideo?.videos[0] ?? null }
}

/** What the viewer opens at for `focus`, or null when the focus names nothing in this package. */
export function focusTarget(pkg: Package, focus: ViewerFocus): FocusTarget | null {
  for (const skill of pkg.skills) {
    for (const topic of skill.topics) {
      for (const subTopic of topic.subTopics) {
        const video = focus.video !== undefined ? subTopic.videos.find((v) => v.id === focus.video) : undefined
        if (video) return { topic, subTopic, video }
        if (focus.video === undefined && focus.subTopic === subTopic.id) return within(topic, [subTopic])
      }
      if (focus.video === undefined && focus.subTopic === undefined && focus.topic === topic.id) return within(topic, topic.subTopics)
    }
    const first = skill.topics[0]
    if (first && focus.video === undefined && focus.subTopic === undefined && focus.topic === undefined && focus.skill === skill.id)
      return within(first, first.subTopics)
  }
  return null
}
