/** A question's options and answer key as text: free of zod, so the test screen does not load the contract's schemas. */
export const OPTION_LETTERS = ['A', 'B', 'C', 'D'] as const
export type OptionLetter = (typeof OPTION_LETTERS)[number]

/** Parses the options JSON text; anything malformed gives no options. */
export function parseOptions(options: string): Partial<Record<OptionLetter, string>> {
  try {
    const parsed = JSON.parse(options) as unknown
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
    return Object.fromEntries(
      Object.entries(parsed).filter(([k, v]) => (OPTION_LETTERS as readonly string[]).includes(k) && typeof v === 'string'),
    ) as Partial<Record<OptionLetter, string>>
  } catch {
    return {}
  }
}

/** docs/product.md#question-banks: an option whose text is 'na' (any case) or blank is no choice; tests never show it. */
export function isShownOption(text: string): boolean {
  const trimmed = text.trim()
  return trimmed !== '' && trimmed.toLowerCase() !== 'na'
}

/** 'b d' | 'B,D' | 'D, b' → ['B', 'D']: split on commas/spaces, upper-cased, de-duplicated, sorted. */
export function splitCorrect(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(/[\s,]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ].sort()
}
