import { VIDEO_COMPLETE_COVERAGE, type PackageProgress, type SubTopicProgress, type VideoProgress } from '../../contract/progress.ts'
import type { CmiRecord } from '../scorm/cmi.ts'
import { toScoProgress } from '../scorm/sco-progress.ts'

/** What a package holds that progress is counted over. */
export interface PackageContent {
  packageId: number
  skills: {
    id: number
    topics: {
      id: number
      subTopics: {
        id: number
        questions: number
        videos: { id: number; durationSeconds: number }[]
        scos: { id: number; title: string; packageTitle: string }[]
      }[]
    }[]
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
  /** Run-time data by SCO id (scorm_cmi). */
  scos: Map<number, CmiRecord>
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

/** A share (0..1) as a whole percentage, rounded down (a trace of float error is not a lost point). */
const wholePercent = (share: number) => Math.floor(100 * share + 1e-9)

type SubTopicContent = PackageContent['skills'][number]['topics'][number]['subTopics'][number]

/** A sub-topic's progress, and the exact share (0..1) of it done that the levels above average. */
interface CountedSubTopic {
  progress: SubTopicProgress
  share: number
}

/**
 * A sub-topic is complete when all its videos and SCORM SCOs are and, with questions, an attempt passed (its
 * sub-topic's pass mark). Its share splits the way evenly between its videos (each up to the completion
 * threshold), its SCOs (each done or not, like a video) and its test.
 */
function subTopicProgress(subTopic: SubTopicContent, records: LearnerRecords): CountedSubTopic {
  const videos = subTopic.videos.map((video) => toVideoProgress(video.id, video.durationSeconds, records.videos.get(video.id)))
  const best = records.bestScores.get(subTopic.id)
  const hasTest = subTopic.questions > 0
  const passed = records.passed.has(subTopic.id)
  const scos = subTopic.scos.map((sco) => toScoProgress(sco.id, records.scos.get(sco.id)))
  const completed = videos.every((v) => v.completed) && scos.every((s) => s.completed) && (!hasTest || passed)
  const done =
    videos.reduce((sum, v) => sum + Math.min(1, v.coverage / VIDEO_COMPLETE_COVERAGE), 0) +
    scos.filter((s) => s.completed).length +
    (hasTest && passed ? 1 : 0)
  const share = completed ? 1 : Math.min(done / (videos.length + scos.length + (hasTest ? 1 : 0)), 0.99)
  return {
    share,
    progress: {
      id: subTopic.id,
      percent: wholePercent(share),
      completed,
      bestScore: best === undefined ? null : Math.round(best * 1000) / 10,
      passed,
      hasTest,
      videos: videos.map((v) => ({ id: v.videoId, coverage: v.coverage, completed: v.completed, position: v.position })),
      scos,
    },
  }
}

/** A sub-topic with neither videos, SCOs nor questions has nothing to do, so it does not count. */
const counts = (subTopic: SubTopicContent) => subTopic.videos.length > 0 || subTopic.scos.length > 0 || subTopic.questions > 0

/** What a group of counted sub-topics adds up to: how many are complete, and their average share. */
function summary(subTopics: readonly CountedSubTopic[]) {
  const completed = subTopics.filter((s) => s.progress.completed).length
  const share = subTopics.length ? subTopics.reduce((sum, s) => sum + s.share, 0) / subTopics.length : 0
  // Only a group whose every sub-topic is complete shows 100 %.
  return {
    completed,
    total: subTopics.length,
    percent: completed === subTopics.length && completed > 0 ? 100 : Math.min(99, wholePercent(share)),
  }
}

/**
 * The one roll-up every screen shows: a topic's, skill's and package's percent is the average of their counted
 * sub-topics' shares, so a sub-topic half done shows in every figure above it; the counts are of complete
 * sub-topics. Sub-topics with nothing to watch or pass are listed apart as not counted.
 */
export function rollUp(content: PackageContent, records: LearnerRecords): Omit<PackageProgress, 'resume'> {
  const all: CountedSubTopic[] = []
  const uncountedSubTopicIds: number[] = []
  const skills = content.skills.map((skill) => {
    const inSkill: CountedSubTopic[] = []
    const topics = skill.topics.map((topic) => {
      for (const subTopic of topic.subTopics) if (!counts(subTopic)) uncountedSubTopicIds.push(subTopic.id)
      const subTopics = topic.subTopics.filter(counts).map((subTopic) => subTopicProgress(subTopic, records))
      inSkill.push(...subTopics)
      return { id: topic.id, percent: summary(subTopics).percent, subTopics: subTopics.map((s) => s.progress) }
    })
    all.push(...inSkill)
    return { id: skill.id, percent: summary(inSkill).percent, topics }
  })
  const { percent, completed, total } = summary(all)
  return { packageId: content.packageId, percent, completedSubTopics: completed, totalSubTopics: total, uncountedSubTopicIds, skills }
}
