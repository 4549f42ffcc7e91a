import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { ScormPackage } from '../../contract/content.ts'
import type { ScormLaunch } from '../../contract/scorm.ts'
import { api, unwrap } from '../api/client.ts'
import { successToast } from './meta.ts'
import { invalidateSubTopicMedia } from './subtopics.ts'
import { useUploadMutation } from './upload-mutation.ts'
import { progressKeys } from './progress.ts'

/** A sub-topic's SCORM packages: upload, delete, and launching a SCO (the launcher URL on the content origin). */

interface ScormUploadInput {
  subTopicId: number
  file: File
}

/** POST /subTopic/{id}/scorm (multipart file) with progress and cancel. */
export function useUploadScormPackage(skillId: number) {
  const queryClient = useQueryClient()
  return useUploadMutation<ScormUploadInput, ScormPackage>({
    request: ({ subTopicId, file }) => {
      const form = new FormData()
      form.append('file', file)
      return { path: api.subTopic[':id'].scorm.$path({ param: { id: String(subTopicId) } }), form }
    },
    onSuccess: (_saved, input) => invalidateSubTopicMedia(queryClient, skillId, input.subTopicId),
    meta: {
      successToast: successToast<ScormPackage>((saved) => ({
        title: 'SCORM package uploaded successfully',
        description: `${saved.title} · SCORM ${saved.version}`,
      })),
      errorMessage: 'SCORM upload failed',
      errorReason: 'description',
      errorReasonFallback: 'The upload did not complete. Try again.',
    },
  })
}

/** DELETE /scorm/{id}. */
export function useDeleteScormPackage(skillId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (pkg: Pick<ScormPackage, 'id' | 'subTopicId'>) => unwrap(api.scorm[':id'].$delete({ param: { id: String(pkg.id) } })),
    onSuccess: (_data, pkg) => invalidateSubTopicMedia(queryClient, skillId, pkg.subTopicId),
    meta: {
      successMessage: 'SCORM package deleted',
      errorMessage: 'Failed to delete the SCORM package',
      errorReason: 'description',
      errorReasonFallback: 'Try again.',
    },
  })
}

/** POST /scorm/{id}/launch: a fresh launch of one SCO (a new launch token each time). */
export function useLaunchSco() {
  return useMutation({
    mutationFn: ({ packageId, scoId }: { packageId: number; scoId?: number }): Promise<ScormLaunch> =>
      unwrap(api.scorm[':id'].launch.$post({ param: { id: String(packageId) }, json: scoId === undefined ? {} : { scoId } })),
    meta: { errorMessage: 'The package could not be opened', errorReason: 'description', errorReasonFallback: 'Try again.' },
  })
}

/** After a SCO committed (the launcher tells the viewer) or the learner left it: the package's progress is read again. */
export function useRefreshPackageProgress(packageId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: progressKeys.package(packageId) })
}
