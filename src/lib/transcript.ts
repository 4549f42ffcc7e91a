/** One cue of a caption file as the transcript shows it: its times and its words without markup. */
export interface TranscriptCue {
  start: number
  end: number
  text: string
}

/** The cue playing at `time`: the latest one that has started and not ended; -1 between cues. */
export function activeCueIndex(cues: TranscriptCue[], time: number): number {
  for (let i = cues.length - 1; i >= 0; i--) {
    const cue = cues[i]!
    if (cue.start <= time && time < cue.end) return i
  }
  return -1
}

/** 75.4 → '1:15'; 3725 → '1:02:05'. */
export function cueTime(seconds: number): string {
  const whole = Math.floor(seconds)
  const h = Math.floor(whole / 3600)
  const m = Math.floor((whole % 3600) / 60)
  const s = String(whole % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** The transcript as plain text, one cue a line with its start time. */
export function transcriptText(title: string, cues: TranscriptCue[]): string {
  return `${title}\n\n${cues.map((cue) => `[${cueTime(cue.start)}] ${cue.text}`).join('\n')}\n`
}
