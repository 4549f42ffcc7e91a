import type { ComponentProps } from 'react'
import type { Caption } from '../../../contract/content.ts'

/** Tracks from another origin (an S3 store) load only over CORS: the <video> then asks for them anonymously. */
export const tracksCrossOrigin = (captions: Caption[]) => (captions.some((c) => /^https?:/.test(c.url)) ? 'anonymous' : undefined)

/** A <video> with a <track> for each of its caption files (their signed URLs), the rest of its props passed on. */
export function CaptionedVideo({ captions, ...video }: ComponentProps<'video'> & { captions: Caption[] }) {
  return (
    <video crossOrigin={tracksCrossOrigin(captions)} {...video}>
      {captions.map((track) => (
        <track key={track.id} kind={track.kind} src={track.url} srcLang={track.language} label={track.label} />
      ))}
    </video>
  )
}
