import { Button, Group, NativeSelect } from '@mantine/core'
import { IconKeyboard, IconTextCaption } from '@tabler/icons-react'
import type { Caption } from '../../../../contract/content.ts'
import { PLAYBACK_RATES } from '../../../../contract/rules.ts'
import { loadTranscript } from './load-transcript.ts'

interface PlayerControlsProps {
  tracks: Caption[]
  captionId: number | null
  onCaption: (id: number | null) => void
  rate: number
  onRate: (rate: number) => void
  transcriptOpen: boolean
  transcriptId: string
  onTranscript: () => void
  onShortcuts: () => void
}

const OFF = 'off'
const trackName = (track: Caption) => (track.kind === 'subtitles' ? `${track.label} (subtitles)` : track.label)

/** Under the video: captions (off or a track), speed, the transcript switch and the shortcuts list. */
export function PlayerControls(props: PlayerControlsProps) {
  const { tracks, captionId, onCaption, rate, onRate, transcriptOpen, transcriptId, onTranscript, onShortcuts } = props
  return (
    <Group gap="sm" px="sm" py="xs" wrap="wrap" align="end">
      <NativeSelect
        size="xs"
        label="Captions"
        value={captionId === null ? OFF : String(captionId)}
        onChange={(event) => onCaption(event.currentTarget.value === OFF ? null : Number(event.currentTarget.value))}
        data={[
          { value: OFF, label: tracks.length ? 'Off' : 'None available' },
          ...tracks.map((track) => ({ value: String(track.id), label: trackName(track) })),
        ]}
        disabled={!tracks.length}
      />
      <NativeSelect
        size="xs"
        label="Speed"
        value={String(rate)}
        onChange={(event) => onRate(Number(event.currentTarget.value))}
        data={PLAYBACK_RATES.map((r) => ({ value: String(r), label: `${r}×` }))}
      />
      <Button
        size="xs"
        variant={transcriptOpen ? 'light' : 'default'}
        leftSection={<IconTextCaption size={14} aria-hidden="true" />}
        aria-expanded={transcriptOpen}
        aria-controls={transcriptOpen ? transcriptId : undefined}
        disabled={!tracks.length}
        onClick={onTranscript}
        onMouseEnter={() => void loadTranscript()}
        onFocus={() => void loadTranscript()}
      >
        Transcript
      </Button>
      <Button
        size="xs"
        variant="subtle"
        leftSection={<IconKeyboard size={14} aria-hidden="true" />}
        aria-haspopup="dialog"
        onClick={onShortcuts}
      >
        Keyboard shortcuts
      </Button>
    </Group>
  )
}
