import type { Context } from 'hono'
import type { AppDeps, AppEnv } from '../deps.ts'
import { entityTag, revalidate } from '../http/revalidate.ts'
import { mediaTag } from './media-tag.ts'
import { packageStamp, type Owner } from './stamps.ts'

/**
 * Revalidation for a read of content under one package (a skill's topics, a topic, a sub-topic's media lists):
 * the tag is the owning package's version, the resource and the media window; place it after the guard and the
 * validators. `idOf` reads the already validated id.
 */
export const revalidateContent = (
  deps: Pick<AppDeps, 'db' | 'fileUrls' | 'clock'>,
  owner: Owner,
  idOf: (c: Context<AppEnv>) => string | undefined,
) =>
  revalidate(async (c) => {
    const id = Number(idOf(c))
    const stamp = await packageStamp(deps.db, c.var.user, owner, id)
    return stamp ? entityTag(owner, id, stamp.tag, mediaTag(deps)) : null
  })
