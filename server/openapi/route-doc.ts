import type { ValidationTargets } from 'hono'
import type { z } from 'zod'

/**
 * What a route's middleware tells the OpenAPI generator. The middleware carries it under a symbol, so the
 * document is read back from `app.routes` and cannot describe a route other than the one that runs.
 */
export type RouteDoc =
  | { kind: 'input'; target: keyof ValidationTargets; schema: z.ZodType }
  | { kind: 'access'; role: 'user' | 'admin' }
  | { kind: 'describe'; route: RouteDescription }

export interface RouteDescription {
  summary: string
  description?: string
  /** Defaults to the path's first segment after /api. */
  tags?: string[]
  /** The envelope's `data` on success; null: an envelope without data; 'binary': a file or text, not an envelope. */
  response: z.ZodType | null | 'binary'
  /** Success status(es); 200 by default. */
  status?: number | number[]
  /** The content type of a 'binary' answer. */
  contentType?: string
  /** A multipart/form-data upload: its text fields and its file fields (name → what the file is). */
  upload?: { fields?: z.ZodObject; files: Record<string, string> }
}

const ROUTE_DOC = Symbol('routeDoc')

/** Returns the handler itself, carrying the doc. */
export function attachDoc<Handler extends object>(handler: Handler, doc: RouteDoc): Handler {
  Object.defineProperty(handler, ROUTE_DOC, { value: doc })
  return handler
}

export function readDoc(handler: unknown): RouteDoc | undefined {
  return typeof handler === 'function' ? (handler as { [ROUTE_DOC]?: RouteDoc })[ROUTE_DOC] : undefined
}
