import type { ComponentProps } from 'react'
import type { Caption } from '../../../contract/content.ts'

/** A <video> with a <track> for each of its caption files (their signed URLs), the rest of its props passed on. */
export function CaptionedVideo({ captions, ...video }: ComponentProps<'video'> & { captions: Caption[] }) {
  return (
    <video {...video}>
      {captions.map((track) => (
        <track key={track.id} kind={track.kind} src={track.url} srcLang={track.language} label={track.label} />
      ))}
    </video>
  )
}
