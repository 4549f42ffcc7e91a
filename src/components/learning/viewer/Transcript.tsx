import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Button, Group, Loader, Text, TextInput } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { IconDownload, IconSearch } from '@tabler/icons-react'
import type { Caption } from '../../../../contract/content.ts'
import { captionCuesQueryOptions } from '../../../queries/captions.ts'
import { activeCueIndex, cueTime, transcriptText, type TranscriptCue } from '../../../lib/transcript.ts'
import { saveBlob } from '../../../lib/save-file.ts'
import { LoadFailed } from '../../ui/LoadFailed.tsx'
import classes from './Transcript.module.css'

interface TranscriptProps {
  caption: Caption
  title: string
  currentTime: number
  onSeek: (seconds: number) => void
}

/** The words of `text` with each match of `query` marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  if (!query) return <>{text}</>
  const parts: ReactNode[] = []
  const lower = text.toLowerCase()
  const needle = query.toLowerCase()
  let from = 0
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, from)) {
    parts.push(text.slice(from, at), <mark key={at}>{text.slice(at, at + needle.length)}</mark>)
    from = at + needle.length
  }
  parts.push(text.slice(from))
  return <>{parts}</>
}

function download(title: string, cues: TranscriptCue[]) {
  saveBlob(new Blob([transcriptText(title, cues)], { type: 'text/plain;charset=utf-8' }), `${title} transcript.txt`)
}

/**
 * The transcript of one caption track: each cue a button with its time (click or Enter seeks there), the cue
 * playing highlighted and scrolled into the panel's view (the panel scrolls; focus stays where it is), a search
 * that filters and marks, and a plain-text download.
 */
export function Transcript({ caption, title, currentTime, onSeek }: TranscriptProps) {
  const cues = useQuery(captionCuesQueryOptions(caption))
  const [query, setQuery] = useState('')
  const list = useRef<HTMLOListElement>(null)
  const all = cues.data ?? []
  const active = activeCueIndex(all, currentTime)
  const needle = query.trim()
  const shown = all.map((cue, index) => ({ cue, index })).filter(({ cue }) => cue.text.toLowerCase().includes(needle.toLowerCase()))

  useEffect(() => {
    const box = list.current
    const row = active < 0 ? null : box?.querySelector<HTMLElement>('[aria-current="true"]')
    if (!box || !row) return
    // The row's place in the list's scrolled content, from the boxes on screen (offsetTop depends on which
    // ancestor is positioned).
    const top = row.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop + box.scrollTop
    if (top < box.scrollTop || top + row.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTo?.({ top: Math.max(0, top - box.clientHeight / 3) })
  }, [active])

  return (
    <section className={classes.panel} aria-labelledby="transcript-title">
      <Group justify="space-between" gap="xs" wrap="wrap" className={classes.head}>
        <Text fw={700} size="sm" id="transcript-title" component="h2">
          Transcript ({caption.label})
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          disabled={!all.length}
          onClick={() => download(title, all)}
        >
          Download transcript
        </Button>
      </Group>
      <TextInput
        size="xs"
        label="Search transcript"
        leftSection={<IconSearch size={14} aria-hidden="true" />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        className={classes.search}
      />
      <Text size="xs" c="dimmed" aria-live="polite" className={classes.count}>
        {needle && cues.data ? `${shown.length} ${shown.length === 1 ? 'match' : 'matches'}` : ''}
      </Text>
      {cues.isPending ? (
        <Group gap="xs" p="sm">
          <Loader size="xs" />
          <Text size="sm">Loading transcript…</Text>
        </Group>
      ) : cues.isError ? (
        <LoadFailed onRetry={() => cues.refetch()} retrying={cues.isFetching}>
          Failed to load the transcript
        </LoadFailed>
      ) : (
        <ol className={classes.cues} ref={list} aria-label="Transcript cues">
          {shown.map(({ cue, index }) => (
            <li key={`${cue.start}-${index}`}>
              <button
                type="button"
                className={classes.cue}
                aria-current={index === active ? 'true' : undefined}
                onClick={() => onSeek(cue.start)}
              >
                <span className={classes.time}>{cueTime(cue.start)}</span>
                <span>
                  <Highlighted text={cue.text} query={needle} />
                </span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
