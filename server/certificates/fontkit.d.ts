// The part of fontkit's API the certificates use (the package ships no types).
declare module 'fontkit' {
  export interface Font {
    readonly unitsPerEm: number
    readonly ascent: number
    readonly descent: number
    readonly lineGap: number
    hasGlyphForCodePoint(codePoint: number): boolean
  }
  export function create(buffer: Uint8Array): Font
}
