import type { Package, SubTopic, Video } from '../../contract/content.ts'
import { videoLabel } from './video-label.ts'

/** What the learner does next: a video to play or a sub-topic's test to take, with the title 'Next:' names. */
export type NextStep = { kind: 'video'; video: Video; title: string } | { kind: 'test'; subTopic: SubTopic; title: string }

/** Where the learner is: a video just finished, or a sub-topic's test just passed. */
export type StepDone = { videoId: number } | { testOf: number }

/**
 * The step after `done` in the package's order: skills, topics and sub-topics as listed, each sub-topic's videos
 * in order and then its test (when it has one). Null after the last step.
 */
export function nextStep(pkg: Package, done: StepDone, hasTest: (subTopicId: number) => boolean): NextStep | null {
  const steps: NextStep[] = []
  let doneAt = -1
  for (const skill of pkg.skills)
    for (const topic of skill.topics)
      for (const subTopic of topic.subTopics) {
        for (const [i, video] of subTopic.videos.entries()) {
          if ('videoId' in done && done.videoId === video.id) doneAt = steps.length
          steps.push({ kind: 'video', video, title: videoLabel(video, i + 1) })
        }
        if (hasTest(subTopic.id)) {
          if ('testOf' in done && done.testOf === subTopic.id) doneAt = steps.length
          steps.push({ kind: 'test', subTopic, title: `${subTopic.title} test` })
        }
      }
  return doneAt < 0 ? null : (steps[doneAt + 1] ?? null)
}
