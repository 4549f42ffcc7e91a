// The part of webvtt-parser's API the app uses (the package ships no types).
declare module 'webvtt-parser' {
  export interface ParsedCue {
    id: string
    startTime: number
    endTime: number
    text: string
    tree: unknown
  }
  export interface ParseError {
    message: string
    /** 1-based. */
    line: number
    col?: number
  }
  export class WebVTTParser {
    parse(input: string, mode?: 'metadata' | 'chapters'): { cues: ParsedCue[]; errors: ParseError[] }
  }
  export class WebVTTSerializer {
    serialize(cues: ParsedCue[], styles?: unknown[]): string
  }
  /** A CommonJS module: under Node's ESM only the default import holds its exports. */
  const webvtt: { WebVTTParser: typeof WebVTTParser; WebVTTSerializer: typeof WebVTTSerializer }
  export default webvtt
}
