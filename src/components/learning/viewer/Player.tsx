import { type KeyboardEvent, type RefObject, Suspense, lazy, useEffect, useId, useState } from 'react'
import { createPortal } from 'react-dom'
import { VisuallyHidden } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { Video } from '../../../../contract/content.ts'
import { tracksCrossOrigin } from '../../ui/CaptionedVideo.tsx'
import { PlayerControls } from './PlayerControls.tsx'
import { SHORTCUTS_DESCRIPTION, shortcutFor, type PlayerAction } from './shortcuts.ts'
import { ShortcutsDialog } from './ShortcutsDialog.tsx'
import { loadTranscript } from './load-transcript.ts'
import type { UnsentRanges } from './unsent-ranges.ts'
import { useHeartbeats } from './useHeartbeats.ts'
import { usePlayerChoices } from './usePlayerChoices.ts'
import classes from './Viewer.module.css'

const Transcript = lazy(() => loadTranscript().then((m) => ({ default: m.Transcript })))

interface PlayerProps {
  video: Video
  packageId: number
  label: string
  autoPlay: boolean
  /** Where playback starts once the video's metadata is known (0: the beginning); read again after 'Start over'. */
  startAt: number
  videoRef: RefObject<HTMLVideoElement | null>
  unsent: UnsentRanges
  transcriptOpen: boolean
  onTranscriptOpen: (open: boolean) => void
  /**
   * Where the open transcript goes on wide screens, beside the video (above the course outline); else under it. A ref,
   * read when the transcript opens: the slot mounts with the viewer, and holding it in state would render the whole
   * viewer a second time as it mounts.
   */
  transcriptSlot: RefObject<HTMLElement | null> | null
  onPlay: () => void
  onEnded: () => void
}

const trackId = (captionId: number) => `caption-${captionId}`

/** The width from which the viewer has its side column (Viewer.module.css, .layout). */
const SIDE_COLUMN = '(min-width: 62em)'

/** Shows the chosen track's cues on the video and hides the others (the transcript reads the file itself). */
function showTrack(video: HTMLVideoElement | null, captionId: number | null) {
  const tracks = video?.textTracks
  if (!tracks) return
  for (let i = 0; i < tracks.length; i++) {
    const track = tracks[i]!
    track.mode = captionId !== null && track.id === trackId(captionId) ? 'showing' : 'disabled'
  }
}

/**
 * The <video> of one video with its caption tracks, speed, keyboard shortcuts and transcript, reporting what is
 * watched (useHeartbeats). Its addresses are kept from the first render: a refetched tree carries freshly signed
 * URLs, and swapping the address would restart playback.
 */
export function Player(props: PlayerProps) {
  const {
    video,
    packageId,
    label,
    autoPlay,
    startAt,
    videoRef,
    unsent,
    transcriptOpen,
    onTranscriptOpen,
    transcriptSlot,
    onPlay,
    onEnded,
  } = props
  // Read as the player mounts (not in an effect, which would render the player twice).
  const wide = useMediaQuery(SIDE_COLUMN, undefined, { getInitialValueInEffect: false })
  const slot = transcriptOpen ? (transcriptSlot?.current ?? null) : null
  const beside = wide && slot !== null
  const [src] = useState(video.url)
  const [poster] = useState(video.thumbnailUrl)
  const [captions] = useState(video.captions)
  const { handlers } = useHeartbeats({ videoId: video.id, packageId, unsent, videoRef, startAt })
  const choices = usePlayerChoices(captions)
  // Where playback is, for the transcript's highlighted cue: followed only while the transcript is open (each
  // timeupdate, four a second, would otherwise render the whole player), and read from the video when it opens.
  const [currentTime, setCurrentTime] = useState(0)
  const [helpOpen, setHelpOpen] = useState(false)
  const descriptionId = useId()
  const transcriptId = useId()

  useEffect(() => showTrack(videoRef.current, choices.captionId), [videoRef, choices.captionId])
  useEffect(() => {
    const element = videoRef.current
    if (!element) return
    element.defaultPlaybackRate = choices.rate
    element.playbackRate = choices.rate
  }, [videoRef, choices.rate])

  function seekTo(seconds: number) {
    const element = videoRef.current
    if (!element) return
    const end = Number.isFinite(element.duration) ? element.duration : Number.POSITIVE_INFINITY
    element.currentTime = Math.min(Math.max(0, seconds), end)
    setCurrentTime(element.currentTime)
  }

  function run(action: PlayerAction) {
    const element = videoRef.current
    if (!element) return
    if (action.type === 'toggle-play') void (element.paused ? element.play()?.catch(() => undefined) : element.pause())
    else if (action.type === 'seek-by') seekTo(element.currentTime + action.seconds)
    else if (action.type === 'toggle-mute') element.muted = !element.muted
    else if (action.type === 'toggle-captions') choices.toggleCaptions()
    else if (action.type === 'fullscreen')
      void (document.fullscreenElement ? document.exitFullscreen() : element.requestFullscreen?.())?.catch(() => undefined)
    else setHelpOpen(true)
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const action = shortcutFor(event)
    if (!action) return
    event.preventDefault()
    run(action)
  }

  const transcriptTrack = captions.find((c) => c.id === choices.captionId) ?? choices.tracks[0] ?? null
  const transcript =
    transcriptOpen && transcriptTrack ? (
      <div id={transcriptId} className={beside ? classes.transcriptAside : classes.transcript}>
        <Suspense fallback={null}>
          <Transcript caption={transcriptTrack} title={label} currentTime={currentTime} onSeek={seekTo} />
        </Suspense>
      </div>
    ) : null

  return (
    // The shortcuts listen where the player's and the transcript's controls are (React hands key presses in the
    // transcript up to here wherever it is drawn); keys typed into a field pass by.
    // biome-ignore lint/a11y/noStaticElementInteractions: a container catching its controls' key presses, not a control itself
    <div className={classes.stage} onKeyDown={onKeyDown}>
      <div className={classes.screen}>
        <video
          ref={videoRef}
          className={classes.video}
          src={src}
          poster={poster || undefined}
          crossOrigin={tracksCrossOrigin(captions)}
          controls
          // Focusable in every browser, so its shortcuts work wherever the learner lands.
          tabIndex={0}
          preload="metadata"
          playsInline
          autoPlay={autoPlay}
          aria-label={`Video: ${label}`}
          aria-describedby={descriptionId}
          {...handlers}
          onLoadedMetadata={(event) => {
            handlers.onLoadedMetadata(event)
            event.currentTarget.playbackRate = choices.rate
            showTrack(event.currentTarget, choices.captionId)
          }}
          onTimeUpdate={(event) => {
            handlers.onTimeUpdate(event)
            if (transcriptOpen) setCurrentTime(event.currentTarget.currentTime)
          }}
          onPlay={(event) => {
            handlers.onPlay(event)
            onPlay()
          }}
          onEnded={(event) => {
            handlers.onEnded(event)
            onEnded()
          }}
        >
          {captions.map((caption) => (
            <track
              key={caption.id}
              id={trackId(caption.id)}
              kind={caption.kind}
              src={caption.url}
              srcLang={caption.language}
              label={caption.label}
              default={caption.id === choices.captionId}
            />
          ))}
        </video>
        <VisuallyHidden id={descriptionId}>{SHORTCUTS_DESCRIPTION}</VisuallyHidden>
      </div>
      <PlayerControls
        tracks={choices.tracks}
        captionId={choices.captionId}
        onCaption={choices.chooseCaption}
        rate={choices.rate}
        onRate={choices.chooseRate}
        transcriptOpen={transcriptOpen}
        transcriptId={transcriptId}
        onTranscript={() => {
          if (!transcriptOpen) setCurrentTime(videoRef.current?.currentTime ?? 0)
          onTranscriptOpen(!transcriptOpen)
        }}
        onShortcuts={() => setHelpOpen(true)}
      />
      {beside && transcript && slot ? createPortal(transcript, slot) : transcript}
      <ShortcutsDialog opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  )
}
