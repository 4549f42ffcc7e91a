import type { Context } from 'hono'
import { LRUCache } from 'lru-cache'
import { encode, pickEncoding } from '../http/compress.ts'

/**
 * Serialised package trees, each with its brotli and gzip forms, kept in memory by (package, content version,
 * media window): a write anywhere moves the version on, and every request reads the version from the database,
 * so a write on another instance is seen at this instance's next request. No time-based staleness; bounded by
 * bytes (the TREE_CACHE_BYTES setting), least recently used first out. Concurrent misses of one key build the
 * body once. With 0 bytes the cache is off (`enabled` false): the caller answers every read from the database.
 */
export interface EncodedBody {
  json: Buffer
  br: Buffer
  gzip: Buffer
}

export type TreeCache = ReturnType<typeof createTreeCache>

export function createTreeCache(maxBytes: number) {
  if (maxBytes === 0) return { enabled: false as const }
  const cache = new LRUCache<string, EncodedBody, () => Promise<string>>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.json.byteLength + entry.br.byteLength + entry.gzip.byteLength,
    fetchMethod: async (_key, _stale, { context }) => {
      const json = Buffer.from(await context())
      const [br, gzip] = await Promise.all([encode(json, 'br'), encode(json, 'gzip')])
      return { json, br, gzip }
    },
  })
  return {
    enabled: true as const,
    /** The cached body under `key`, or `build`'s JSON text, encoded and kept. */
    async get(key: string, build: () => Promise<string>): Promise<EncodedBody> {
      const entry = await cache.fetch(key, { context: build })
      return entry!
    },
    get size() {
      return cache.size
    },
  }
}

/** A cached JSON body in the best encoding the client accepts, with its length. */
export function sendEncoded(c: Context, body: EncodedBody): Response {
  const encoding = pickEncoding(c.req.header('accept-encoding'))
  const bytes = encoding ? body[encoding] : body.json
  c.header('Content-Type', 'application/json')
  c.header('Content-Length', String(bytes.byteLength))
  c.header('Vary', 'Accept-Encoding', { append: true })
  if (encoding) c.header('Content-Encoding', encoding)
  return c.body(new Uint8Array(bytes), 200)
}
