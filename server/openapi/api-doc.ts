import type { MiddlewareHandler } from 'hono'
import { attachDoc, type RouteDescription } from './route-doc.ts'

/** Declares a route's summary and success answer for the OpenAPI document; does nothing at run time. */
export function apiDoc(route: RouteDescription): MiddlewareHandler {
  return attachDoc<MiddlewareHandler>((_c, next) => next(), { kind: 'describe', route })
}
