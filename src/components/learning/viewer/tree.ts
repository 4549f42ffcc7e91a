import type { Package, SubTopic, Topic, Video } from '../../../../contract/content.ts'

/** Where a video sits in a package tree. */
export interface VideoPlace {
  video: Video
  /** 1-based position in its sub-topic ('Video N' when it has no title). */
  index: number
  topic: Topic
  subTopic: SubTopic
}

function* places(pkg: Pick<Package, 'skills'>): Generator<VideoPlace> {
  for (const skill of pkg.skills)
    for (const topic of skill.topics)
      for (const subTopic of topic.subTopics)
        for (const [i, video] of subTopic.videos.entries()) yield { video, index: i + 1, topic, subTopic }
}

/** The first video of the package (or of one of its skills): the first sub-topic, in order, that has videos. */
export function firstVideo(pkg: Package, skillId?: number): VideoPlace | null {
  const skills = skillId === undefined ? pkg.skills : pkg.skills.filter((s) => s.id === skillId)
  for (const place of places({ skills })) return place
  return null
}

export function findVideo(pkg: Package, videoId: number): VideoPlace | null {
  for (const place of places(pkg)) if (place.video.id === videoId) return place
  return null
}

/** The skill a topic belongs to. */
export const skillOfTopic = (pkg: Package, topicId: number) => pkg.skills.find((s) => s.topics.some((t) => t.id === topicId)) ?? null

export const allSubTopicIds = (pkg: Package) => pkg.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics.map((u) => u.id)))

export const topicKey = (topic: Pick<Topic, 'id'>) => `topic-${topic.id}`
export const subTopicKey = (subTopic: Pick<SubTopic, 'id'>) => `subtopic-${subTopic.id}`
