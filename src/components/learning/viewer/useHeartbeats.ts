import { type RefObject, type SyntheticEvent, useEffect, useRef } from 'react'
import { sendHeartbeatOnLeave, useSendHeartbeat } from '../../../queries/progress.ts'
import type { UnsentRanges } from './unsent-ranges.ts'

/** While playing, a heartbeat every 15 s; play, pause, seek, ended and leaving the page send one at once. */
const HEARTBEAT_INTERVAL_MS = 15_000

/**
 * Longest step between two `timeupdate`s that still counts as watching (they come about 4 times a second, less
 * in a busy tab). A longer jump is a seek and is not counted. The server checks the clock in any case.
 */
const MAX_STEP_SECONDS = 3

type VideoEvent = SyntheticEvent<HTMLVideoElement>

interface HeartbeatsOptions {
  videoId: number
  packageId: number
  /** The viewer's store of ranges not yet accepted by the server. */
  unsent: UnsentRanges
  /** The <video> these heartbeats report on. */
  videoRef: RefObject<HTMLVideoElement | null>
  /** Where playback starts once the metadata is known: the learner's last position, or 0. */
  startAt: number
}

/**
 * Starts a <video> at `startAt`, tracks what it plays and reports it to the server: returns the media event handlers
 * to put on the element. Played ranges go to `unsent`; each heartbeat takes them, and gives them back when it fails.
 */
export function useHeartbeats({ videoId, packageId, unsent, videoRef, startAt }: HeartbeatsOptions) {
  const heartbeat = useSendHeartbeat(packageId)
  const playing = useRef(false)
  /**
   * Whether the learner has played or sought this video. Until then nothing is reported: a video only opened does
   * not become the resume point, and moving it to `startAt` is not the learner's seek.
   */
  const touched = useRef(false)
  const resuming = useRef(false)
  /** The position when watching was last counted; null right after a seek (the next timeupdate starts afresh). */
  const countedUpTo = useRef<number | null>(null)
  const lastSentPosition = useRef<number | null>(null)
  const timer = useRef<ReturnType<typeof setInterval> | null>(null)

  function countWatched(video: HTMLVideoElement) {
    if (!playing.current) return
    const from = countedUpTo.current
    const to = video.currentTime
    if (from !== null && to > from && to - from <= MAX_STEP_SECONDS) unsent.add(videoId, [from, to])
    countedUpTo.current = to
  }

  function send(video: HTMLVideoElement, how: 'request' | 'keepalive') {
    if (!touched.current) return
    countWatched(video)
    const position = video.currentTime
    const watched = unsent.take(videoId)
    if (watched.length === 0 && position === lastSentPosition.current) return
    lastSentPosition.current = position
    const body = { position, watched, playbackRate: video.playbackRate || 1 }
    if (how === 'keepalive') return sendHeartbeatOnLeave(videoId, body)
    // mutateAsync, not mutate: its promise settles even once the player is gone, so a failure is never dropped.
    heartbeat.mutateAsync({ videoId, ...body }).catch(() => {
      unsent.giveBack(videoId, watched)
      lastSentPosition.current = null
    })
  }

  function stopTimer() {
    if (timer.current !== null) clearInterval(timer.current)
    timer.current = null
  }

  function stopped(event: VideoEvent) {
    send(event.currentTarget, 'request')
    playing.current = false
    stopTimer()
  }

  function startPlaying(video: HTMLVideoElement) {
    playing.current = true
    touched.current = true
    countedUpTo.current = video.currentTime
    // A heartbeat as playing starts: the server's watching budget for what follows counts from it.
    send(video, 'request')
    stopTimer()
    timer.current = setInterval(() => latest.current.send(video, 'request'), HEARTBEAT_INTERVAL_MS)
  }

  /** Moves a freshly loaded video to `startAt`, once. */
  const started = useRef(false)
  function goToStart(video: HTMLVideoElement) {
    if (started.current) return
    started.current = true
    if (startAt <= 0) return
    resuming.current = true
    video.currentTime = startAt
  }

  // The mount effect, the interval, pagehide and unmount run the latest render's functions.
  const latest = useRef({ send, goToStart, startPlaying })
  latest.current = { send, goToStart, startPlaying }

  useEffect(() => {
    // Kept from mount: by the time this cleanup runs, the ref may already point at the next video.
    const video = videoRef.current
    if (!video) return
    // The element may have loaded (or, with autoPlay, started) before it was committed, while React did not yet
    // hand its events to these handlers (a render that suspended and was resumed): catch up on what was missed.
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) latest.current.goToStart(video)
    if (!video.paused) latest.current.startPlaying(video)
    // A closed tab, a reload or a page put in the background (a phone may discard it without a pagehide).
    const onPageHide = () => latest.current.send(video, 'keepalive')
    const onHidden = () => {
      if (document.visibilityState === 'hidden') onPageHide()
    }
    window.addEventListener('pagehide', onPageHide)
    document.addEventListener('visibilitychange', onHidden)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      document.removeEventListener('visibilitychange', onHidden)
      if (timer.current !== null) clearInterval(timer.current)
      // Another video was chosen or the viewer was left inside the app: report what this one played.
      latest.current.send(video, 'request')
    }
  }, [videoRef])

  const handlers = {
    onLoadedMetadata: (event: VideoEvent) => goToStart(event.currentTarget),
    onPlay: (event: VideoEvent) => startPlaying(event.currentTarget),
    onTimeUpdate: (event: VideoEvent) => countWatched(event.currentTarget),
    onPause: stopped,
    onEnded: stopped,
    // The jump itself is not watching: counting starts again from where it lands.
    onSeeking: () => {
      countedUpTo.current = null
    },
    onSeeked: (event: VideoEvent) => {
      if (resuming.current) {
        resuming.current = false
        return
      }
      touched.current = true
      send(event.currentTarget, 'request')
    },
  }
  return { handlers }
}
