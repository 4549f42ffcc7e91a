/**
 * A Content-Disposition header value for any file name: an ASCII fallback in `filename` (accents dropped,
 * anything else outside printable ASCII replaced) and the exact name, UTF-8 percent-encoded, in `filename*`
 * (RFC 6266). A raw non-Latin-1 name would make the header invalid (and the response a 500).
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_')
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
