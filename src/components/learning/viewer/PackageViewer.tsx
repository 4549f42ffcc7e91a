import { useRef, useState } from 'react'
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconChecklist, IconChevronRight, IconMessagePlus, IconMovieOff, IconPencilStar } from '@tabler/icons-react'
import type { Package, Video } from '../../../../contract/content.ts'
import { isVideoId } from '../../../queries/comments.ts'
import { reviewSummaryQueryOptions } from '../../../queries/reviews.ts'
import { useRecordVideoView } from '../../../queries/videos.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { Stars } from '../../ui/Stars.tsx'
import { FeedbackDialog, type FeedbackTarget } from '../FeedbackDialog.tsx'
import { CommentModal } from './CommentModal.tsx'
import { CommentsSection } from './CommentsSection.tsx'
import { CourseOutline } from './CourseOutline.tsx'
import { allSubTopicIds, findVideo, firstVideo, subTopicKey, topicKey, videoLabel } from './tree.ts'
import classes from './Viewer.module.css'
import { ButtonLink } from '../../ui/links.tsx'

/**
 * The learner's package viewer: the selected video (by default the package's first) under a bar naming
 * its topic and sub-topic, the course outline beside it (below on phones), and the video's comments.
 */
export function PackageViewer({ pkg }: { pkg: Package }) {
  const first = firstVideo(pkg)
  const [chosenId, setChosenId] = useState<number | null>(null)
  const [autoPlay, setAutoPlay] = useState(false)
  const place = (chosenId !== null ? findVideo(pkg, chosenId) : null) ?? first

  const initialTopic = first?.topic ?? pkg.skills.flatMap((s) => s.topics)[0] ?? null
  const [openTopic, setOpenTopic] = useState<string | null>(initialTopic ? topicKey(initialTopic) : null)
  const [openSubTopics, setOpenSubTopics] = useState<string[]>(first ? [subTopicKey(first.subTopic)] : [])
  const [openedSoFar, setOpenedSoFar] = useState<ReadonlySet<number>>(() => new Set(first ? [first.subTopic.id] : []))

  function openSubTopicsChanged(keys: string[]) {
    setOpenSubTopics(keys)
    const ids = pkg.skills
      .flatMap((s) => s.topics.flatMap((t) => t.subTopics))
      .filter((s) => keys.includes(subTopicKey(s)))
      .map((s) => s.id)
    if (ids.some((id) => !openedSoFar.has(id))) setOpenedSoFar(new Set([...openedSoFar, ...ids]))
  }

  // A play counts a view once per video and page load (the server also counts at most one per hour).
  const counted = useRef(new Set<number>())
  const recordView = useRecordVideoView()
  function played(videoId: number) {
    if (counted.current.has(videoId)) return
    counted.current.add(videoId)
    recordView.mutate({ videoId, packageId: pkg.id }, { onError: (error) => console.error('Failed to count the view', error) })
  }

  const [commenting, setCommenting] = useState(false)
  const [reviewing, setReviewing] = useState<FeedbackTarget | null>(null)
  const rating = useQuery(reviewSummaryQueryOptions('PACKAGE', pkg.id))
  const everySubTopic = allSubTopicIds(pkg)
  const label = place ? videoLabel(place.video, place.index) : ''

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={<span style={{ overflowWrap: 'anywhere' }}>{pkg.title}</span>}
        subtitle={<span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{pkg.description}</span>}
        actions={
          <>
            <Button
              variant="light"
              leftSection={<IconPencilStar size={16} />}
              onClick={() => setReviewing({ targetType: 'PACKAGE', targetId: pkg.id, title: pkg.title })}
              aria-haspopup="dialog"
            >
              Review This Package
            </Button>
            {everySubTopic.length > 0 ? (
              <ButtonLink to="/mcq-test/$subTopicIds" params={{ subTopicIds: everySubTopic }} leftSection={<IconChecklist size={16} />}>
                Take Full Test
              </ButtonLink>
            ) : null}
          </>
        }
      />
      {rating.data ? (
        <Group gap="xs" mt={-8}>
          <Text size="sm" fw={600}>
            {rating.data.averageRating.toFixed(1)}
          </Text>
          <Stars value={rating.data.averageRating} count={rating.data.totalReviews} />
        </Group>
      ) : null}

      <div className={classes.layout}>
        <div className={classes.player}>
          <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
            <Group gap={6} wrap="wrap" className={classes.bar} aria-label="Now playing" role="group">
              {place ? (
                <>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {place.topic.title}
                  </Text>
                  <IconChevronRight size={14} aria-hidden="true" />
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {place.subTopic.title}
                  </Text>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  Nothing to play yet
                </Text>
              )}
            </Group>
            <div className={classes.screen}>
              {place ? (
                <Player key={place.video.id} video={place.video} label={label} autoPlay={autoPlay} onPlay={() => played(place.video.id)} />
              ) : (
                <div className={classes.noVideo}>
                  <IconMovieOff size={40} stroke={1.4} aria-hidden="true" />
                  <Text c="gray.4">No video available</Text>
                </div>
              )}
            </div>
          </Paper>
          {place ? (
            <Group justify="space-between" gap="sm" mt="sm" wrap="wrap">
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {label}
              </Title>
              <Button
                variant="default"
                leftSection={<IconMessagePlus size={16} />}
                onClick={() => setCommenting(true)}
                aria-haspopup="dialog"
              >
                Leave a Comment
              </Button>
            </Group>
          ) : null}
        </div>

        <Paper withBorder radius="md" p="sm" className={classes.outline} component="nav" aria-label="Course content">
          <Text fw={700} size="sm" px={4} pb="xs">
            Course content
          </Text>
          <CourseOutline
            pkg={pkg}
            openTopic={openTopic}
            onOpenTopic={setOpenTopic}
            openSubTopics={openSubTopics}
            onOpenSubTopics={openSubTopicsChanged}
            openedSoFar={openedSoFar}
            playingId={place?.video.id ?? null}
            onPlay={(id) => {
              setChosenId(id)
              setAutoPlay(true)
            }}
          />
        </Paper>

        <div className={classes.comments}>
          {place && isVideoId(place.video.id) ? (
            <Paper withBorder radius="md" p="lg">
              <CommentsSection key={place.video.id} videoId={place.video.id} videoLabel={label} />
            </Paper>
          ) : null}
        </div>
      </div>

      {place ? (
        <CommentModal
          key={place.video.id}
          opened={commenting}
          onClose={() => setCommenting(false)}
          videoId={place.video.id}
          videoLabel={label}
        />
      ) : null}
      <FeedbackDialog target={reviewing} onClose={() => setReviewing(null)} />
    </Stack>
  )
}

/**
 * The <video> of one video. Its address is kept from the first render: a refetched tree carries freshly
 * signed URLs, and swapping the address would restart playback.
 */
function Player({ video, label, autoPlay, onPlay }: { video: Video; label: string; autoPlay: boolean; onPlay: () => void }) {
  const [src] = useState(video.url)
  const [poster] = useState(video.thumbnailUrl)
  return (
    // biome-ignore lint/a11y/useMediaCaption: uploaded videos carry no caption files (the Video model has no captions), and an empty <track> would show a dead CC menu entry
    <video
      className={classes.video}
      src={src}
      poster={poster || undefined}
      controls
      preload="metadata"
      playsInline
      autoPlay={autoPlay}
      aria-label={`Video: ${label}`}
      onPlay={onPlay}
    />
  )
}
