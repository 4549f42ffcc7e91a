import webvtt from 'webvtt-parser'

/** One cue of a caption file as the transcript shows it: its times and its words without markup. */
export interface TranscriptCue {
  start: number
  end: number
  text: string
}

interface CueNode {
  type?: string
  value?: string
  children?: CueNode[]
}

/** The words of a parsed cue: its text nodes in order (tags such as <i> or <v Speaker> add none). */
function plainText(node: CueNode): string {
  if (node.type === 'text') return node.value ?? ''
  return (node.children ?? []).map(plainText).join('')
}

/** Reads a WebVTT file (as the server stores every caption file) into transcript cues, in time order. */
export function transcriptCues(vtt: string): TranscriptCue[] {
  const { cues } = new webvtt.WebVTTParser().parse(vtt, 'metadata')
  return cues
    .map((cue) => ({ start: cue.startTime, end: cue.endTime, text: plainText(cue.tree as CueNode).trim() }))
    .filter((cue) => cue.text)
    .sort((a, b) => a.start - b.start)
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
