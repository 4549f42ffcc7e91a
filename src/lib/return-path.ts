/** The longest path (with its search and hash) kept to return to after signing in. */
const MAX_LENGTH = 2000
// A scheme-relative start ('//host', '/\host'; browsers read '\' as '/'), a backslash or a control character anywhere.
const UNSAFE = /^\/[/\\]|\\|\p{Cc}/u
const PROBE_ORIGIN = 'https://app.invalid'

function decoded(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/**
 * `value` when it is a path inside this app to go back to after signing in ('/topics/3?skill=2'), else undefined.
 * Only a same-origin absolute path passes: no scheme (`https:`, `javascript:`), no `//host`, no backslashes or control
 * characters, written plainly or percent-encoded. `/` itself (the sign-in screen) is not a place to return to.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_LENGTH || !value.startsWith('/') || value === '/') return undefined
  const plain = decoded(value)
  if (plain === null || UNSAFE.test(value) || UNSAFE.test(plain)) return undefined
  return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN ? value : undefined
}
