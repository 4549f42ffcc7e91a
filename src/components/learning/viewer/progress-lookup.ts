import type { PackageProgress } from '../../../../contract/progress.ts'

export interface SubTopicState {
  percent: number
  completed: boolean
}

/** The package's progress by id, for the outline and the player. Empty while the progress has not loaded. */
export interface ProgressLookup {
  topicPercent: ReadonlyMap<number, number>
  subTopic: ReadonlyMap<number, SubTopicState>
  /** Sub-topics with nothing to watch or test: they do not count. */
  uncounted: ReadonlySet<number>
  videoPosition: ReadonlyMap<number, number>
  completedVideos: ReadonlySet<number>
  /** SCORM SCOs the learner completed. */
  completedScos: ReadonlySet<number>
  /** Sub-topics with questions: their test is a step of the package. */
  withTest: ReadonlySet<number>
}

export function progressLookup(progress: PackageProgress | undefined): ProgressLookup {
  const topicPercent = new Map<number, number>()
  const subTopic = new Map<number, SubTopicState>()
  const videoPosition = new Map<number, number>()
  const completedVideos = new Set<number>()
  const completedScos = new Set<number>()
  const withTest = new Set<number>()
  for (const skill of progress?.skills ?? [])
    for (const topic of skill.topics) {
      topicPercent.set(topic.id, topic.percent)
      for (const s of topic.subTopics) {
        subTopic.set(s.id, { percent: s.percent, completed: s.completed })
        if (s.hasTest) withTest.add(s.id)
        for (const video of s.videos) {
          videoPosition.set(video.id, video.position)
          if (video.completed) completedVideos.add(video.id)
        }
        for (const sco of s.scos ?? []) if (sco.completed) completedScos.add(sco.id)
      }
    }
  return {
    topicPercent,
    subTopic,
    uncounted: new Set(progress?.uncountedSubTopicIds),
    videoPosition,
    completedVideos,
    completedScos,
    withTest,
  }
}

/**
 * Where a video opens: the learner's last position, unless there is none or it was at the very end (the last 5 s,
 * or the last tenth of a short clip), where it starts again from the beginning.
 */
export function startPosition(lookup: ProgressLookup, video: { id: number; durationSeconds: number }): number {
  const position = lookup.videoPosition.get(video.id) ?? 0
  if (position <= 0) return 0
  const nearTheEnd = Math.min(5, video.durationSeconds * 0.1)
  if (video.durationSeconds > 0 && position >= video.durationSeconds - nearTheEnd) return 0
  return position
}

/** 192 → '3:12'; 3725 → '1:02:05'. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}
