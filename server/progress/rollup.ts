import { VIDEO_COMPLETE_COVERAGE, type PackageProgress, type SubTopicProgress, type VideoProgress } from '../../contract/progress.ts'

/** What a package holds that progress is counted over. */
export interface PackageContent {
  packageId: number
  skills: {
    id: number
    topics: { id: number; subTopics: { id: number; questions: number; videos: { id: number; durationSeconds: number }[] }[] }[]
  }[]
}

/** One user's stored progress in a video. */
export interface WatchedVideo {
  position: number
  watchedSeconds: number
}

/** One user's records in a package: progress by video id, best test ratio (0..1) and passed tests by sub-topic id. */
export interface LearnerRecords {
  videos: Map<number, WatchedVideo>
  bestScores: Map<number, number>
  /** Sub-topics with a passed test attempt (each attempt records its verdict against its pass mark; practice never counts). */
  passed: Set<number>
}

export function toVideoProgress(videoId: number, durationSeconds: number, watched: WatchedVideo | undefined): VideoProgress {
  const watchedSeconds = watched?.watchedSeconds ?? 0
  const coverage = durationSeconds > 0 ? Math.min(1, watchedSeconds / durationSeconds) : 0
  return {
    videoId,
    position: watched?.position ?? 0,
    watchedSeconds,
    durationSeconds,
    coverage,
    completed: coverage >= VIDEO_COMPLETE_COVERAGE,
  }
}

const wholePercent = (done: number, of: number) => (of > 0 ? Math.floor((100 * done) / of) : 0)

type SubTopicContent = PackageContent['skills'][number]['topics'][number]['subTopics'][number]

/**
 * A sub-topic is complete when all its videos are and, with questions, an attempt passed (its sub-topic's pass mark).
 * Its percent shares the way between its videos (each up to the completion threshold) and its test.
 */
function subTopicProgress(subTopic: SubTopicContent, records: LearnerRecords): SubTopicProgress {
  const videos = subTopic.videos.map((video) => toVideoProgress(video.id, video.durationSeconds, records.videos.get(video.id)))
  const best = records.bestScores.get(subTopic.id)
  const hasTest = subTopic.questions > 0
  const passed = records.passed.has(subTopic.id)
  const completed = videos.every((v) => v.completed) && (!hasTest || passed)
  const done = videos.reduce((sum, v) => sum + Math.min(1, v.coverage / VIDEO_COMPLETE_COVERAGE), 0) + (hasTest && passed ? 1 : 0)
  const parts = videos.length + (hasTest ? 1 : 0)
  return {
    id: subTopic.id,
    percent: completed ? 100 : Math.min(99, wholePercent(done, parts)),
    completed,
    bestScore: best === undefined ? null : Math.round(best * 1000) / 10,
    passed,
    videos: videos.map((v) => ({ id: v.videoId, coverage: v.coverage, completed: v.completed, position: v.position })),
  }
}

/** A sub-topic with neither videos nor questions has nothing to do, so it does not count. */
const counts = (subTopic: SubTopicContent) => subTopic.videos.length > 0 || subTopic.questions > 0

/** Percentages above the sub-topic are completed sub-topics over counted ones. */
export function rollUp(content: PackageContent, records: LearnerRecords): Omit<PackageProgress, 'resume'> {
  let completedSubTopics = 0
  let totalSubTopics = 0
  const skills = content.skills.map((skill) => {
    let skillDone = 0
    let skillTotal = 0
    const topics = skill.topics.map((topic) => {
      const subTopics = topic.subTopics.filter(counts).map((subTopic) => subTopicProgress(subTopic, records))
      const done = subTopics.filter((s) => s.completed).length
      skillDone += done
      skillTotal += subTopics.length
      return { id: topic.id, percent: wholePercent(done, subTopics.length), subTopics }
    })
    completedSubTopics += skillDone
    totalSubTopics += skillTotal
    return { id: skill.id, percent: wholePercent(skillDone, skillTotal), topics }
  })
  return {
    packageId: content.packageId,
    percent: wholePercent(completedSubTopics, totalSubTopics),
    completedSubTopics,
    totalSubTopics,
    skills,
  }
}
