import { useMutation } from '@tanstack/react-query'
import { api, download } from '../api/client.ts'
import type { AppMeta } from './meta.ts'

// Apart from study-materials.ts: the viewer downloads, and a module sits whole in one chunk, so the admin's upload
// and delete calls would come with the viewer.

/** GET /study-materials/download-all/{subTopicId}: the latest version of each material, zipped. */
const downloadMaterialsZip = async (subTopicId: number) =>
  (await download(api['study-materials']['download-all'][':subTopicId'].$get({ param: { subTopicId: String(subTopicId) } }))).blob

/**
 * The zip as a mutation (pending state for the button; nothing cached changes). The learner's viewer shows only
 * the server's reason under the title; the admin's Upload Content page passes `errorReasonFallback: 'Try again.'`.
 */
export function useDownloadMaterialsZip(
  meta: AppMeta = { errorMessage: 'Failed to download study materials', errorReason: 'description' },
) {
  return useMutation({ mutationFn: downloadMaterialsZip, meta })
}
