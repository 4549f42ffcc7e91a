import type { Context } from 'hono'
import type { Package } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { envelope, ok } from '../http/envelope.ts'
import { entityTag, notModified, setValidator, stillFresh } from '../http/revalidate.ts'
import { mediaSigner } from '../files/signing.ts'
import { mediaTag } from '../content/media-tag.ts'
import { packageStamp } from '../content/stamps.ts'
import { sendEncoded, type TreeCache } from '../content/tree-cache.ts'
import { getPackageTree, loadPackageTree } from './service.ts'

type TreeAnswer = ReturnType<typeof ok<Package>>

/**
 * GET /packages/{id}, the read learners repeat most: one indexed statement gives the package's version and the
 * viewer's access; a matching If-None-Match gets 304, else the serialised tree comes from the cache (built once
 * per version and media window) in the encoding the client accepts. With the cache off (TREE_CACHE_BYTES=0) the
 * tree is queried, serialised and compressed on every read, still with its ETag.
 */
export async function cachedPackageTree(c: Context<AppEnv>, deps: AppDeps, trees: TreeCache, id: number): Promise<TreeAnswer> {
  const viewer = c.var.user
  const stamp = await packageStamp(deps.db, viewer, 'package', id)
  // Missing or not the viewer's: the uncached read answers its own 404 or 403.
  if (!stamp) return ok(c, await getPackageTree(deps.db, viewer, id, mediaSigner(deps)()), 'Package found')
  const tag = entityTag('tree', stamp.tag, mediaTag(deps))
  if (stillFresh(c, tag)) return notModified(tag) as unknown as TreeAnswer
  if (!trees.enabled) {
    setValidator(c, tag)
    return ok(c, await loadPackageTree(deps.db, id, mediaSigner(deps)()), 'Package found')
  }
  const path = c.req.path
  const body = await trees.get(`${tag} ${path}`, async () => {
    const data = await loadPackageTree(deps.db, id, mediaSigner(deps)())
    return JSON.stringify(envelope({ success: true, status: 200, data, message: 'Package found', path }))
  })
  setValidator(c, tag)
  return sendEncoded(c, body) as unknown as TreeAnswer
}
