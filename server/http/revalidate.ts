import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../deps.ts'

/**
 * Revalidation (docs/architecture.md#decisions-and-why): a repeated read answers with an ETag, and 304 without a body when the client's
 * If-None-Match still holds. The tag comes from a cheap stamp (one indexed statement), never from the body.
 */

/** A weak tag: the same JSON may be sent compressed or not. */
export const entityTag = (...parts: (string | number)[]) => `W/"${parts.join('-')}"`

/** `private, no-cache`: the browser may keep the answer but must ask (If-None-Match) before using it again. */
export const VALIDATED = 'private, no-cache'

const opaque = (tag: string) => tag.replace(/^W\//, '')

/** If-None-Match lists this tag (weak comparison, RFC 9110 §13.1.2) or is `*`. */
export function stillFresh(c: Context, tag: string): boolean {
  const header = c.req.header('if-none-match')
  if (!header) return false
  if (header.trim() === '*') return true
  const wanted = opaque(tag)
  return header.split(',').some((candidate) => opaque(candidate.trim()) === wanted)
}

/** 304 with the validator again, and no body. */
export function notModified(tag: string): Response {
  return new Response(null, { status: 304, headers: { ETag: tag, 'Cache-Control': VALIDATED, Vary: 'Accept-Encoding, Authorization' } })
}

/** Sets the validator on a 200 about to be sent. */
export function setValidator(c: Context, tag: string) {
  c.header('ETag', tag)
  c.header('Cache-Control', VALIDATED)
  c.header('Vary', 'Authorization', { append: true })
}

/**
 * For a GET after its guard and validators: `tagOf` answers the current tag (or null when the read must run to
 * answer its own 404 or 403). A matching If-None-Match gets 304; otherwise the read runs and its 200 carries
 * the tag. The tag is read before the body is built, so a write in between only makes the next check miss.
 */
export const revalidate = (tagOf: (c: Context<AppEnv>) => Promise<string | null>) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const tag = await tagOf(c)
    if (tag && stillFresh(c, tag)) return notModified(tag)
    await next()
    if (tag && c.res.status === 200) setValidator(c, tag)
  })
