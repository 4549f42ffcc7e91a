import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { create, type Font } from 'fontkit'

export type Weight = 'regular' | 'bold'
type Family = 'latin' | 'cjk'

/** Noto Sans (Latin, Cyrillic, Greek, Vietnamese) first; Noto Sans SC for the Chinese and Japanese characters it lacks. */
const FILES: Record<Family, Record<Weight, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
}

/** A font a text run is drawn in; `key` names it within one PDF. */
export interface Face {
  key: string
  font: Font
}

const resolve = createRequire(import.meta.url).resolve
const loaded = new Map<string, Face>()

/** Each file is read once per process, when a text first needs it (the CJK files are about 10 MB each). */
function face(family: Family, weight: Weight): Face {
  const key = `${family}-${weight}`
  let found = loaded.get(key)
  if (!found) {
    found = { key, font: create(readFileSync(resolve(FILES[family][weight]))) }
    loaded.set(key, found)
  }
  return found
}

/** The main face of a weight: its metrics set the lines' height and baseline. */
export const mainFace = (weight: Weight) => face('latin', weight)

/** A text run drawn in one face. */
export interface Run {
  text: string
  face: Face
}

// Marks, joiners and variation selectors stay in the run of the character they modify.
const CLINGS = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f])$/u

/**
 * The text cut into runs by the face that has each character: Noto Sans where it can, Noto Sans SC where only it
 * can. A character neither has stays in Noto Sans, which draws its empty-box glyph for it.
 */
export function runsOf(text: string, weight: Weight): Run[] {
  const main = mainFace(weight)
  const runs: Run[] = []
  for (const char of text.normalize('NFC')) {
    const previous = runs.at(-1)
    let chosen = main
    if (previous && CLINGS.test(char)) chosen = previous.face
    else if (!main.font.hasGlyphForCodePoint(char.codePointAt(0)!)) {
      const cjk = face('cjk', weight)
      if (cjk.font.hasGlyphForCodePoint(char.codePointAt(0)!)) chosen = cjk
    }
    if (previous?.face === chosen) previous.text += char
    else runs.push({ text: char, face: chosen })
  }
  return runs
}
