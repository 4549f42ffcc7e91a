/** 'Ada Lovelace' → 'AL'; the avatar's fallback when there is no picture. */
export const initials = (name: string | undefined | null) =>
  (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('') || '?'
