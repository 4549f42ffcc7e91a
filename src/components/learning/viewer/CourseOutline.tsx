import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import {
  IconCheck,
  IconChecklist,
  IconCircleCheck,
  IconDownload,
  IconPackage,
  IconPlayerPlay,
  IconPlayerPlayFilled,
} from '@tabler/icons-react'
import type { Package, ScormPackage, SubTopic, Topic } from '../../../../contract/content.ts'
import { safeFileName, saveBlob } from '../../../lib/save-file.ts'
import { useDownloadMaterialsZip } from '../../../queries/materials-zip.ts'
import type { ProgressLookup, SubTopicState } from './progress-lookup.ts'
import { subTopicKey, topicKey } from './tree.ts'
import { videoLabel } from '../../../lib/video-label.ts'
import { TestLink, covers } from '../../ui/TestLink.tsx'
import { MaterialLinks } from './MaterialLinks.tsx'
import { Disclosure } from '../../ui/Disclosure.tsx'
import { NavButton } from '../../ui/NavItem.tsx'

interface CourseOutlineProps {
  pkg: Package
  /** The open topic's key (one at a time), or null. */
  openTopic: string | null
  onOpenTopic: (key: string | null) => void
  /** Keys of the open sub-topics (several at once). */
  openSubTopics: string[]
  onOpenSubTopics: (keys: string[]) => void
  /** Ids of the sub-topics opened so far on this page (for 'Cumulative Test'). */
  openedSoFar: ReadonlySet<number>
  /** The learner's progress, or null while it is not known. */
  progress: ProgressLookup | null
  playingId: number | null
  onPlay: (videoId: number) => void
  /** Opens a SCORM package in the viewer's frame. */
  onOpenScorm: (pkg: ScormPackage) => void
  /** The package open in the frame, if any. */
  openScormId: number | null
}

/** Whole percent, as the outline and the bars show it. */
const percentText = (percent: number) => `${Math.round(percent)} %`

/**
 * The package's topics (one open at a time) → sub-topics (several open at once) → videos. Each topic shows the
 * learner's percentage, each sub-topic 'Done' or its percentage. Each sub-topic lists its PDFs, offers them as a zip
 * and links its tests; each topic a test on all its sub-topics.
 */
export function CourseOutline({
  pkg,
  openTopic,
  onOpenTopic,
  openSubTopics,
  onOpenSubTopics,
  openedSoFar,
  progress,
  playingId,
  onPlay,
  onOpenScorm,
  openScormId,
}: CourseOutlineProps) {
  const topics = pkg.skills.flatMap((skill) => skill.topics.map((topic) => ({ skill, topic })))
  if (topics.length === 0) {
    return (
      <Text size="sm" c="dimmed" p="md">
        No topics added yet.
      </Text>
    )
  }
  const showSkills = pkg.skills.length > 1
  return (
    <div>
      {topics.map(({ skill, topic }, i) => (
        <TopicItem
          key={topic.id}
          topic={topic}
          skillTitle={showSkills && topics[i - 1]?.skill.id !== skill.id ? skill.title : null}
          open={openTopic === topicKey(topic)}
          onToggle={() => onOpenTopic(openTopic === topicKey(topic) ? null : topicKey(topic))}
          openSubTopics={openSubTopics}
          onToggleSubTopic={(key) =>
            onOpenSubTopics(openSubTopics.includes(key) ? openSubTopics.filter((k) => k !== key) : [...openSubTopics, key])
          }
          openedSoFar={openedSoFar}
          progress={progress}
          playingId={playingId}
          onPlay={onPlay}
          onOpenScorm={onOpenScorm}
          openScormId={openScormId}
        />
      ))}
    </div>
  )
}

interface TopicItemProps
  extends Pick<CourseOutlineProps, 'openSubTopics' | 'openedSoFar' | 'progress' | 'playingId' | 'onPlay' | 'onOpenScorm' | 'openScormId'> {
  topic: Topic
  /** The skill's title above its first topic (when the package has several skills). */
  skillTitle: string | null
  open: boolean
  onToggle: () => void
  onToggleSubTopic: (key: string) => void
}

function TopicItem({
  topic,
  skillTitle,
  open,
  onToggle,
  openSubTopics,
  onToggleSubTopic,
  openedSoFar,
  progress,
  playingId,
  onPlay,
  onOpenScorm,
  openScormId,
}: TopicItemProps) {
  const percent = progress?.topicPercent.get(topic.id)
  return (
    <>
      {skillTitle ? (
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" pt="sm" pb={4}>
          {skillTitle}
        </Text>
      ) : null}
      <Disclosure
        variant="contained"
        order={3}
        open={open}
        onToggle={onToggle}
        label={
          <>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {topic.title}
            </Text>
            <Text size="xs" c="dimmed">
              {topic.subTopics.length} {topic.subTopics.length === 1 ? 'sub-topic' : 'sub-topics'}
              {percent === undefined ? null : ` · ${percentText(percent)} complete`}
            </Text>
          </>
        }
      >
        <Stack gap="sm">
          {topic.subTopics.length === 0 ? (
            <Text size="sm" c="dimmed">
              No subtopics added.
            </Text>
          ) : (
            <div>
              {topic.subTopics.map((subTopic) => (
                <SubTopicItem
                  key={subTopic.id}
                  topic={topic}
                  subTopic={subTopic}
                  open={openSubTopics.includes(subTopicKey(subTopic))}
                  onToggle={() => onToggleSubTopic(subTopicKey(subTopic))}
                  openedSoFar={openedSoFar}
                  state={progress?.subTopic.get(subTopic.id) ?? (progress?.uncounted.has(subTopic.id) ? 'uncounted' : null)}
                  completedVideos={progress?.completedVideos}
                  completedScos={progress?.completedScos}
                  playingId={playingId}
                  onPlay={onPlay}
                  onOpenScorm={onOpenScorm}
                  openScormId={openScormId}
                />
              ))}
            </div>
          )}
          {topic.subTopics.length > 0 ? (
            <TestLink
              subTopicIds={topic.subTopics.map((s) => s.id)}
              covers={covers.topic(
                topic.title,
                topic.subTopics.map((s) => s.title),
              )}
              size="xs"
              variant="light"
              leftSection={<IconChecklist size={16} />}
            >
              Take Test on All Topics
            </TestLink>
          ) : null}
        </Stack>
      </Disclosure>
    </>
  )
}

interface SubTopicItemProps extends Pick<CourseOutlineProps, 'openedSoFar' | 'playingId' | 'onPlay' | 'onOpenScorm' | 'openScormId'> {
  topic: Topic
  subTopic: SubTopic
  open: boolean
  onToggle: () => void
  /** The learner's state in this sub-topic, 'uncounted' when it has nothing to watch or test, null while unknown. */
  state: SubTopicState | 'uncounted' | null
  completedVideos: ReadonlySet<number> | undefined
  completedScos: ReadonlySet<number> | undefined
}

function SubTopicItem({
  topic,
  subTopic,
  open,
  onToggle,
  openedSoFar,
  state,
  completedVideos,
  completedScos,
  playingId,
  onPlay,
  onOpenScorm,
  openScormId,
}: SubTopicItemProps) {
  const download = useDownloadMaterialsZip()
  // The topic's sub-topics opened so far, in the topic's order (this one is open, so it is among them).
  const cumulative = topic.subTopics.filter((s) => s.id === subTopic.id || openedSoFar.has(s.id)).map((s) => s.id)

  function downloadZip() {
    download.mutate(subTopic.id, { onSuccess: (blob) => saveBlob(blob, `${safeFileName(subTopic.title, `sub-topic-${subTopic.id}`)}.zip`) })
  }

  return (
    // Named by all it shows: the title, then the learner's state.
    <Disclosure
      variant="default"
      order={4}
      chevronPosition="left"
      open={open}
      onToggle={onToggle}
      label={
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {subTopic.title}
          </Text>
          {state ? <SubTopicBadge state={state} /> : null}
        </Group>
      }
    >
      <Stack gap={6}>
        {state === 'uncounted' ? (
          <Text size="sm" c="dimmed">
            Nothing to watch or test here yet, so this sub-topic does not count towards your progress.
          </Text>
        ) : null}
        {subTopic.videos.length === 0 ? (
          <Text size="sm" c="dimmed">
            No videos in this sub-topic yet.
          </Text>
        ) : (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Videos of ${subTopic.title}`}>
            {subTopic.videos.map((video, i) => {
              const playing = video.id === playingId
              const watched = completedVideos?.has(video.id) ?? false
              return (
                <li key={video.id}>
                  <NavButton
                    rounded
                    label={
                      <>
                        {videoLabel(video, i + 1)}
                        {watched ? <VisuallyHidden>, watched</VisuallyHidden> : null}
                      </>
                    }
                    rightSection={watched ? <IconCircleCheck size={16} color="var(--mantine-color-teal-text)" aria-hidden="true" /> : null}
                    leftSection={playing ? <IconPlayerPlayFilled size={16} /> : <IconPlayerPlay size={16} />}
                    active={playing}
                    aria-current={playing ? 'true' : undefined}
                    onClick={() => onPlay(video.id)}
                  />
                </li>
              )
            })}
          </Stack>
        )}
        {subTopic.scormPackages.length ? (
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`SCORM packages of ${subTopic.title}`}>
            {subTopic.scormPackages.map((pkg) => {
              const done = pkg.scos.length > 0 && pkg.scos.every((sco) => completedScos?.has(sco.id))
              const open = pkg.id === openScormId
              return (
                <li key={pkg.id}>
                  <NavButton
                    rounded
                    label={
                      <>
                        {pkg.title}
                        {done ? <VisuallyHidden>, completed</VisuallyHidden> : null}
                      </>
                    }
                    description={`SCORM ${pkg.version}${pkg.scos.length > 1 ? ` · ${pkg.scos.length} parts` : ''}`}
                    leftSection={<IconPackage size={16} aria-hidden="true" />}
                    rightSection={done ? <IconCircleCheck size={16} color="var(--mantine-color-teal-text)" aria-hidden="true" /> : null}
                    active={open}
                    aria-current={open ? 'true' : undefined}
                    onClick={() => onOpenScorm(pkg)}
                  />
                </li>
              )
            })}
          </Stack>
        ) : null}
        <MaterialLinks subTopic={subTopic} />
        <Group gap={6} wrap="wrap">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<IconDownload size={14} />}
            onClick={downloadZip}
            loading={download.isPending}
            disabled={subTopic.studyMaterials.length === 0}
          >
            Download PDF
          </Button>
          <TestLink size="compact-sm" variant="light" subTopicIds={[subTopic.id]} covers={covers.one(subTopic.title)}>
            Take Test
          </TestLink>
          <TestLink
            size="compact-sm"
            variant="light"
            subTopicIds={cumulative}
            covers={covers.openedSoFar(topic.subTopics.filter((s) => cumulative.includes(s.id)).map((s) => s.title))}
          >
            Cumulative Test
          </TestLink>
        </Group>
      </Stack>
    </Disclosure>
  )
}

function SubTopicBadge({ state }: { state: SubTopicState | 'uncounted' }) {
  if (state === 'uncounted')
    return (
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        Not counted
      </Text>
    )
  return state.completed ? (
    <Badge size="sm" color="teal" variant="light" leftSection={<IconCheck size={12} aria-hidden="true" />} style={{ flexShrink: 0 }}>
      Done
    </Badge>
  ) : (
    <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
      {percentText(state.percent)}
    </Text>
  )
}
