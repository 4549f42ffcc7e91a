import webvtt, { type ParseError, type ParsedCue } from 'webvtt-parser'
import { AppError, badRequest } from '../http/errors.ts'
import { sniffText } from '../storage/file-types.ts'

export type CaptionFormat = 'vtt' | 'srt'

/** The declared format from the uploaded file's name; anything else is refused. */
export function captionFormatOf(fileName: string): CaptionFormat {
  const extension = fileName.toLowerCase().split('.').pop()
  if (extension === 'vtt' || extension === 'srt') return extension
  throw notCaptions()
}

const notCaptions = () =>
  new AppError(415, 'file must be a WebVTT (.vtt) or SubRip (.srt) caption file', {
    details: { file: 'Expected a .vtt or .srt caption file' },
  })

/** An SRT file read as WebVTT gains these lines in front; error lines are moved back by as many. */
const SRT_PREAMBLE = 'WEBVTT\n\n'
const PREAMBLE_LINES = 2

/**
 * SubRip is WebVTT without the signature and with a comma before the milliseconds. The maintained WebVTT parser
 * reads it once both differences are taken away, so an SRT upload meets exactly the same rules and messages.
 */
const srtAsWebVtt = (source: string) =>
  SRT_PREAMBLE +
  source
    .split(/\r\n|\r|\n/)
    .map((line) => (line.includes('-->') ? line.replaceAll(',', '.') : line))
    .join('\n')

function timingExample(format: CaptionFormat) {
  return format === 'srt' ? '00:01:02,500 --> 00:01:04,000' : '00:01:02.500 --> 00:01:04.000'
}

const TIMING_PROBLEM = /timestamp|-->|digits|milliseconds|minutes|seconds|time unit|decimal separator/i

/** The parser's finding in the words of the upload form. */
function inWords(error: ParseError, format: CaptionFormat): string {
  const { message } = error
  if (message.startsWith('No valid signature')) return 'a WebVTT file must start with the line WEBVTT'
  if (message.startsWith('No blank line after the signature')) return 'the WEBVTT line must be followed by a blank line'
  if (message.startsWith('End timestamp is not greater')) return 'a cue must end after it starts'
  if (message.startsWith('Start timestamp is not greater than or equal to start timestamp of previous cue'))
    return 'cues must be in order of their start times'
  if (message.startsWith('Cue identifier cannot be standalone')) return 'a cue number or name must be followed by its timing'
  if (message.startsWith('Blank line missing before cue')) return 'cues must be separated by a blank line'
  if (message.startsWith('Cue identifier needs to be followed by timestamp') || TIMING_PROBLEM.test(message))
    return `a cue timing must look like ${timingExample(format)}`
  return message.charAt(0).toLowerCase() + message.slice(1).replace(/\.$/, '')
}

/** Decodes the upload as UTF-8 text; a binary file or another encoding is not a caption file. */
function decode(bytes: Buffer): string {
  if (!sniffText(bytes.subarray(0, 12)) || bytes.includes(0)) throw notCaptions()
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw new AppError(415, 'file must be UTF-8 text', { details: { file: 'The file is not UTF-8 text' } })
  }
}

/**
 * Parses a caption file with the maintained WebVTT parser and answers it as WebVTT (an SRT file converted, with the
 * same cues). The first problem is a 400 naming its line: 'Line 14: a cue timing must look like …'.
 */
export function toWebVtt(bytes: Buffer, format: CaptionFormat): { vtt: string; cues: number } {
  const source = decode(bytes)
  const offset = format === 'srt' ? PREAMBLE_LINES : 0
  const { cues, errors } = new webvtt.WebVTTParser().parse(format === 'srt' ? srtAsWebVtt(source) : source, 'metadata')
  const first = [...errors].sort((a, b) => a.line - b.line)[0]
  if (first) {
    const message = `Line ${Math.max(1, first.line - offset)}: ${inWords(first, format)}`
    throw badRequest(message, { file: message })
  }
  if (!cues.length) throw badRequest('The file holds no cues', { file: 'The file holds no cues' })
  // A valid WebVTT file is kept as it was written (its settings and styles with it); SRT cues are written out.
  return { vtt: format === 'vtt' ? source : serialize(cues), cues: cues.length }
}

const pad = (value: number, digits = 2) => String(value).padStart(digits, '0')

/** 62.5 → '00:01:02.500'. */
export function vttTimestamp(seconds: number): string {
  const millis = Math.round(seconds * 1000)
  const hours = Math.floor(millis / 3_600_000)
  const minutes = Math.floor((millis % 3_600_000) / 60_000)
  const rest = millis % 60_000
  return `${pad(hours)}:${pad(minutes)}:${pad(Math.floor(rest / 1000))}.${pad(rest % 1000, 3)}`
}

function serialize(cues: ParsedCue[]): string {
  const blocks = cues.map((cue) =>
    [cue.id, `${vttTimestamp(cue.startTime)} --> ${vttTimestamp(cue.endTime)}`, cue.text].filter(Boolean).join('\n'),
  )
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`
}
