import { type RefObject, useState } from 'react'
import type { Video } from '../../../../contract/content.ts'
import type { UnsentRanges } from './unsent-ranges.ts'
import { useHeartbeats } from './useHeartbeats.ts'
import classes from './Viewer.module.css'

interface PlayerProps {
  video: Video
  packageId: number
  label: string
  autoPlay: boolean
  /** Where playback starts once the video's metadata is known (0: the beginning); read again after 'Start over'. */
  startAt: number
  videoRef: RefObject<HTMLVideoElement | null>
  unsent: UnsentRanges
  onPlay: () => void
  onEnded: () => void
}

/**
 * The <video> of one video, reporting what is watched (useHeartbeats). Its address is kept from the first render:
 * a refetched tree carries freshly signed URLs, and swapping the address would restart playback.
 */
export function Player({ video, packageId, label, autoPlay, startAt, videoRef, unsent, onPlay, onEnded }: PlayerProps) {
  const [src] = useState(video.url)
  const [poster] = useState(video.thumbnailUrl)
  const { handlers } = useHeartbeats({ videoId: video.id, packageId, unsent, videoRef, startAt })
  // No <track>: uploaded videos carry no caption files, and an empty one would show a dead CC menu entry.
  return (
    <video
      ref={videoRef}
      className={classes.video}
      src={src}
      poster={poster || undefined}
      controls
      preload="metadata"
      playsInline
      autoPlay={autoPlay}
      aria-label={`Video: ${label}`}
      {...handlers}
      onPlay={(event) => {
        handlers.onPlay(event)
        onPlay()
      }}
      onEnded={(event) => {
        handlers.onEnded(event)
        onEnded()
      }}
    />
  )
}
