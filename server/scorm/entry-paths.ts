/**
 * Whether a path inside a package would leave it when joined to the package's root: absolute ('/a', 'C:a'), with
 * a backslash (Windows separators are how '..\..\' slips past a '/'-only check), a NUL, or a '..' segment.
 */
export function escapesPackage(path: string): boolean {
  if (path.includes('\\') || path.includes('\0')) return true
  if (path.startsWith('/') || /^[a-z]:/i.test(path)) return true
  return path.split('/').some((segment) => segment === '..')
}

/** A percent-encoded href as the file name it points at; a malformed escape is kept as written. */
export function decodePath(href: string): string {
  try {
    return decodeURIComponent(href)
  } catch {
    return href
  }
}
