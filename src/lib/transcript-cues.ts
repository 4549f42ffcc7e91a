import webvtt from 'webvtt-parser'
import type { TranscriptCue } from './transcript.ts'

/* The parser is loaded with the first transcript (src/queries/captions.ts), not with the viewer. */

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
