/**
 * The admin package-id field (docs/product.md#screens): comma-separated integers. Entries that are not integers
 * are ignored; duplicates are kept once, in the order typed.
 */
export function parsePackageIds(text: string): number[] {
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^[+-]?\d+$/.test(part))
    .map(Number)
    .filter(Number.isSafeInteger)
  return [...new Set(ids)]
}
