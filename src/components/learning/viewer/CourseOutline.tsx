import { Accordion, Badge, Button, Group, NavLink, Stack, Text } from '@mantine/core'
import { IconCheck, IconChecklist, IconDownload, IconPlayerPlay, IconPlayerPlayFilled } from '@tabler/icons-react'
import type { Package, SubTopic, Topic } from '../../../../contract/content.ts'
import { safeFileName, saveBlob } from '../../../lib/save-file.ts'
import { useDownloadMaterialsZip } from '../../../queries/study-materials.ts'
import type { ProgressLookup, SubTopicState } from './progress-lookup.ts'
import { subTopicKey, topicKey, videoLabel } from './tree.ts'
import { ButtonLink } from '../../ui/links.tsx'

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
}

/** Whole percent, as the outline and the bars show it. */
const percentText = (percent: number) => `${Math.round(percent)} %`

/**
 * The package's topics (one open at a time) → sub-topics (several open at once) → videos. Each topic shows the
 * learner's percentage, each sub-topic 'Done' or its percentage. Each sub-topic offers its PDFs as a zip and its
 * tests; each topic a test on all its sub-topics.
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
    <Accordion value={openTopic} onChange={onOpenTopic} variant="contained" radius="md" order={3}>
      {topics.map(({ skill, topic }, i) => (
        <TopicItem
          key={topic.id}
          topic={topic}
          skillTitle={showSkills && topics[i - 1]?.skill.id !== skill.id ? skill.title : null}
          openSubTopics={openSubTopics}
          onOpenSubTopics={(keys) =>
            onOpenSubTopics([...openSubTopics.filter((k) => !topic.subTopics.some((s) => subTopicKey(s) === k)), ...keys])
          }
          openedSoFar={openedSoFar}
          progress={progress}
          playingId={playingId}
          onPlay={onPlay}
        />
      ))}
    </Accordion>
  )
}

interface TopicItemProps extends Pick<CourseOutlineProps, 'openSubTopics' | 'openedSoFar' | 'progress' | 'playingId' | 'onPlay'> {
  topic: Topic
  /** The skill's title above its first topic (when the package has several skills). */
  skillTitle: string | null
  onOpenSubTopics: (keys: string[]) => void
}

function TopicItem({ topic, skillTitle, openSubTopics, onOpenSubTopics, openedSoFar, progress, playingId, onPlay }: TopicItemProps) {
  const mine = openSubTopics.filter((k) => topic.subTopics.some((s) => subTopicKey(s) === k))
  const percent = progress?.topicPercent.get(topic.id)
  return (
    <>
      {skillTitle ? (
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm" pt="sm" pb={4}>
          {skillTitle}
        </Text>
      ) : null}
      <Accordion.Item value={topicKey(topic)}>
        <Accordion.Control>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {topic.title}
          </Text>
          <Text size="xs" c="dimmed">
            {topic.subTopics.length} {topic.subTopics.length === 1 ? 'sub-topic' : 'sub-topics'}
            {percent === undefined ? null : ` · ${percentText(percent)} complete`}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            {topic.subTopics.length === 0 ? (
              <Text size="sm" c="dimmed">
                No subtopics added.
              </Text>
            ) : (
              <Accordion multiple value={mine} onChange={onOpenSubTopics} variant="default" order={4} chevronPosition="left">
                {topic.subTopics.map((subTopic) => (
                  <SubTopicItem
                    key={subTopic.id}
                    topic={topic}
                    subTopic={subTopic}
                    openedSoFar={openedSoFar}
                    state={progress?.subTopic.get(subTopic.id) ?? null}
                    playingId={playingId}
                    onPlay={onPlay}
                  />
                ))}
              </Accordion>
            )}
            {topic.subTopics.length > 0 ? (
              <ButtonLink
                to="/mcq-test/$subTopicIds"
                params={{ subTopicIds: topic.subTopics.map((s) => s.id) }}
                size="xs"
                variant="light"
                leftSection={<IconChecklist size={16} />}
              >
                Take Test on All Topics
              </ButtonLink>
            ) : null}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </>
  )
}

interface SubTopicItemProps extends Pick<CourseOutlineProps, 'openedSoFar' | 'playingId' | 'onPlay'> {
  topic: Topic
  subTopic: SubTopic
  /** The learner's state in this sub-topic; null when unknown or when it does not count (nothing to watch or pass). */
  state: SubTopicState | null
}

function SubTopicItem({ topic, subTopic, openedSoFar, state, playingId, onPlay }: SubTopicItemProps) {
  const download = useDownloadMaterialsZip()
  // The topic's sub-topics opened so far, in the topic's order (this one is open, so it is among them).
  const cumulative = topic.subTopics.filter((s) => s.id === subTopic.id || openedSoFar.has(s.id)).map((s) => s.id)

  function downloadZip() {
    download.mutate(subTopic.id, { onSuccess: (blob) => saveBlob(blob, `${safeFileName(subTopic.title, `sub-topic-${subTopic.id}`)}.zip`) })
  }

  return (
    <Accordion.Item value={subTopicKey(subTopic)}>
      {/* Named by what it shows, the learner's state included, so a spoken name matches the visible one. */}
      <Accordion.Control>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {subTopic.title}
          </Text>
          {state ? <SubTopicBadge state={state} /> : null}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap={6}>
          {subTopic.videos.length === 0 ? (
            <Text size="sm" c="dimmed">
              No videos in this sub-topic yet.
            </Text>
          ) : (
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Videos of ${subTopic.title}`}>
              {subTopic.videos.map((video, i) => {
                const playing = video.id === playingId
                return (
                  <li key={video.id}>
                    <NavLink
                      component="button"
                      type="button"
                      label={videoLabel(video, i + 1)}
                      leftSection={playing ? <IconPlayerPlayFilled size={16} /> : <IconPlayerPlay size={16} />}
                      active={playing}
                      aria-current={playing ? 'true' : undefined}
                      onClick={() => onPlay(video.id)}
                      styles={{ root: { borderRadius: 'var(--mantine-radius-sm)' } }}
                    />
                  </li>
                )
              })}
            </Stack>
          )}
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
            <ButtonLink size="compact-sm" variant="light" to="/mcq-test/$subTopicIds" params={{ subTopicIds: [subTopic.id] }}>
              Take Test
            </ButtonLink>
            <ButtonLink size="compact-sm" variant="light" to="/mcq-test/$subTopicIds" params={{ subTopicIds: cumulative }}>
              Cumulative Test
            </ButtonLink>
          </Group>
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  )
}

function SubTopicBadge({ state }: { state: SubTopicState }) {
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
