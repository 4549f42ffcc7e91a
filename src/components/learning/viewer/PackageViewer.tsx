import { lazy, Suspense, useMemo, useRef, useState } from 'react'
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconChecklist, IconChevronRight, IconInfoCircle, IconMessagePlus, IconMovieOff, IconPencilStar } from '@tabler/icons-react'
import type { Package, ScormPackage } from '../../../../contract/content.ts'
import { isVideoId } from '../../../queries/comments.ts'
import { packageProgressQueryOptions } from '../../../queries/progress.ts'
import { useRecordVideoView } from '../../../queries/videos.ts'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { CertificateStanding } from '../CertificateStanding.tsx'
import { FeedbackDialog, type FeedbackTarget } from '../FeedbackDialog.tsx'
import { CommentModal } from './CommentModal.tsx'
import { CommentsSection } from './CommentsSection.tsx'
import { PackageRating } from './PackageRating.tsx'
import { CourseOutline } from './CourseOutline.tsx'
import { nextStep } from '../../../lib/next-step.ts'
import { NextUp } from '../../ui/NextUp.tsx'
import { Player } from './Player.tsx'
import { progressLookup, startPosition } from './progress-lookup.ts'
import { ResumeLine } from './ResumeLine.tsx'
import { createUnsentRanges } from './unsent-ranges.ts'
import { allSubTopicIds, findVideo, skillOfTopic, subTopicKey, topicKey } from './tree.ts'
import { videoLabel } from '../../../lib/video-label.ts'
import classes from './Viewer.module.css'
import { ButtonLink } from '../../ui/links.tsx'
import { useAfterPaint } from '../../ui/useAfterPaint.ts'
import type { ViewerFocus } from './focus.ts'
import { focusedSkill, linkTarget, openingVideoId, placeOf } from './opening.ts'

// A SCORM package's frame (with Mantine's Select and floating-ui for a multi-part package's list) loads when one is
// opened: most packages are videos.
const ScormFrame = lazy(() => import('./ScormFrame.tsx').then((m) => ({ default: m.ScormFrame })))

/**
 * The learner's package viewer: the selected video (by default the one the learner played last, else the package's
 * first) under a bar naming its topic and sub-topic, the course outline with the learner's progress beside it
 * (below on phones), and the video's comments. A video opens where the learner left it.
 */
export function PackageViewer({ pkg, focus = {} }: { pkg: Package; focus?: ViewerFocus }) {
  // Warmed by the route's loader; the viewer still works without it (no resume, no figures).
  const progress = useQuery(packageProgressQueryOptions(pkg.id))
  const lookup = useMemo(() => progressLookup(progress.data), [progress.data])
  const skill = focusedSkill(pkg, focus)
  // A link to a topic, sub-topic or video (a search hit) opens there; a skill opens where the learner left off in it.
  const [target] = useState(() => linkTarget(pkg, focus))
  const [chosenId, setChosenId] = useState<number | null>(() => openingVideoId(pkg, skill, target, progress.data?.resume?.videoId ?? null))
  const [autoPlay, setAutoPlay] = useState(false)
  // A SCORM package open in the frame takes the player's place until the learner exits it.
  const [scorm, setScorm] = useState<ScormPackage | null>(null)
  const [transcriptOpen, setTranscriptOpen] = useState(false)
  const transcriptSlot = useRef<HTMLDivElement>(null)
  const [endedId, setEndedId] = useState<number | null>(null)
  const place = placeOf(pkg, chosenId, skill)
  // Where the open video starts: read when it is opened, never moved by the progress its own heartbeats refresh.
  const [resumeAt, setResumeAt] = useState(() => (place ? startPosition(lookup, place.video) : 0))
  const videoRef = useRef<HTMLVideoElement>(null)
  const [unsent] = useState(createUnsentRanges)

  const initialTopic =
    target?.topic ??
    (skill && place && skillOfTopic(pkg, place.topic.id)?.id !== skill.id ? skill.topics[0] : null) ??
    place?.topic ??
    pkg.skills.flatMap((s) => s.topics)[0] ??
    null
  const initialSubTopic = target ? target.subTopic : (place?.subTopic ?? null)
  const [openTopic, setOpenTopic] = useState<string | null>(initialTopic ? topicKey(initialTopic) : null)
  const [openSubTopics, setOpenSubTopics] = useState<string[]>(initialSubTopic ? [subTopicKey(initialSubTopic)] : [])
  const [openedSoFar, setOpenedSoFar] = useState<ReadonlySet<number>>(() => new Set(initialSubTopic ? [initialSubTopic.id] : []))

  function openSubTopicsChanged(keys: string[]) {
    setOpenSubTopics(keys)
    const ids = pkg.skills
      .flatMap((s) => s.topics.flatMap((t) => t.subTopics))
      .filter((s) => keys.includes(subTopicKey(s)))
      .map((s) => s.id)
    if (ids.some((id) => !openedSoFar.has(id))) setOpenedSoFar(new Set([...openedSoFar, ...ids]))
  }

  function playVideo(id: number) {
    setScorm(null)
    const chosen = findVideo(pkg, id)
    if (chosen && id !== place?.video.id) setResumeAt(startPosition(lookup, chosen.video))
    if (chosen && id !== place?.video.id) openSubTopicsChanged([...new Set([...openSubTopics, subTopicKey(chosen.subTopic)])])
    if (chosen) setOpenTopic(topicKey(chosen.topic))
    setChosenId(id)
    setEndedId(null)
    setAutoPlay(true)
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
  const everySubTopic = allSubTopicIds(pkg)
  const label = place ? videoLabel(place.video, place.index) : ''
  // The outline's items and the comments mount once the header and the player are on screen. Both come after the
  // player in the page (on phones the outline under it, on wide screens beside it), so nothing moves as they arrive.
  const painted = useAfterPaint()

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={<span style={{ overflowWrap: 'anywhere' }}>{pkg.title}</span>}
        subtitle={<span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{pkg.description}</span>}
        actions={
          <>
            <CertificateStanding packageId={pkg.id} />
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
      <PackageRating packageId={pkg.id} />

      {skill && skill.topics.length === 0 ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden="true" />} role="status">
          {skill.title} has no topics yet. The rest of the package is below.
        </Alert>
      ) : null}

      <div className={classes.layout}>
        <div className={classes.player}>
          {scorm ? (
            <Suspense
              fallback={
                <Text p="md" c="dimmed" role="status">
                  Opening the package…
                </Text>
              }
            >
              <ScormFrame key={scorm.id} pkg={scorm} packageId={pkg.id} onExit={() => setScorm(null)} />
            </Suspense>
          ) : null}
          {/* Kept mounted (the video keeps its place) but out of sight: Paper's display overrides the hidden attribute. */}
          <Paper withBorder radius="md" style={{ overflow: 'hidden', display: scorm ? 'none' : undefined }} hidden={scorm !== null}>
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
            {place ? (
              <Player
                key={place.video.id}
                video={place.video}
                packageId={pkg.id}
                label={label}
                autoPlay={autoPlay}
                startAt={resumeAt}
                videoRef={videoRef}
                unsent={unsent}
                transcriptOpen={transcriptOpen}
                onTranscriptOpen={setTranscriptOpen}
                // While a SCORM package has the player's place, the transcript stays out of sight with the video.
                transcriptSlot={scorm ? null : transcriptSlot}
                onPlay={() => played(place.video.id)}
                onEnded={() => setEndedId(place.video.id)}
              />
            ) : (
              <div className={classes.screen}>
                <div className={classes.noVideo}>
                  <IconMovieOff size={40} stroke={1.4} aria-hidden="true" />
                  <Text c="gray.4">No video available</Text>
                </div>
              </div>
            )}
          </Paper>
          <ResumeLine
            at={place ? resumeAt : 0}
            onStartOver={() => {
              setResumeAt(0)
              if (videoRef.current) videoRef.current.currentTime = 0
            }}
          />
          <div aria-live="polite">
            {place && endedId === place.video.id ? (
              <NextUp
                packageId={pkg.id}
                after="video"
                next={nextStep(pkg, { videoId: place.video.id }, (id) => lookup.withTest.has(id))}
                progress={progress.data}
                onPlay={playVideo}
              />
            ) : null}
          </div>
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

        <div className={classes.side}>
          <div ref={transcriptSlot} className={classes.transcriptSlot} />
          <Paper withBorder radius="md" p="sm" className={classes.outline} component="nav" aria-label="Course content">
            <Text fw={700} size="sm" px={4} pb="xs">
              Course content
            </Text>
            {painted ? (
              <CourseOutline
                pkg={pkg}
                openTopic={openTopic}
                onOpenTopic={setOpenTopic}
                openSubTopics={openSubTopics}
                onOpenSubTopics={openSubTopicsChanged}
                openedSoFar={openedSoFar}
                progress={progress.data ? lookup : null}
                playingId={place?.video.id ?? null}
                onPlay={playVideo}
                onOpenScorm={setScorm}
                openScormId={scorm?.id ?? null}
              />
            ) : null}
          </Paper>
        </div>

        <div className={classes.comments}>
          {painted && place && isVideoId(place.video.id) ? (
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
