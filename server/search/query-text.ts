/** Most words of a search that are matched; the rest are ignored. */
const MAX_WORDS = 8

/**
 * The search text as a tsquery where every word is a prefix ('sub' finds 'subnet'), all words required. Only runs
 * of letters, marks and digits are kept, so nothing a client types can reach tsquery's own syntax (`&`, `|`, `!`,
 * `:`, quotes, parentheses). `null` when no word is left: there is nothing to search for.
 */
export function toPrefixQuery(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS)
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null
}
