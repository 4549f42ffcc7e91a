import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { StudyMaterial } from '../../contract/content.ts'
import { api, unwrap } from '../api/client.ts'
import { successToast } from './meta.ts'
import { invalidateSubTopicMedia } from './subtopics.ts'
import { useUploadMutation } from './upload-mutation.ts'

/** A sub-topic's PDF study materials: upload and delete (the zip of the latest versions: materials-zip.ts). */

interface StudyMaterialUploadInput {
  subTopicId: number
  name: string
  pdf: File
}

/** POST /study-materials/upload (multipart subTopicId, name, pdf) with progress and cancel. */
export function useUploadStudyMaterial(skillId: number) {
  const queryClient = useQueryClient()
  return useUploadMutation<StudyMaterialUploadInput, StudyMaterial>({
    request: ({ subTopicId, name, pdf }) => {
      const form = new FormData()
      // Fields before the file: the server reads them as the stream arrives.
      form.append('subTopicId', String(subTopicId))
      form.append('name', name.trim())
      form.append('pdf', pdf)
      return { path: api['study-materials'].upload.$path(), form }
    },
    onSuccess: (_material, input) => invalidateSubTopicMedia(queryClient, skillId, input.subTopicId),
    meta: {
      successToast: successToast<StudyMaterial>((saved) => ({
        title: 'PDF uploaded successfully',
        description: saved.version > 1 ? `${saved.name} · version ${saved.version}` : saved.name,
      })),
      errorMessage: 'PDF upload failed',
      errorReason: 'description',
      errorReasonFallback: 'The upload did not complete. Try again.',
    },
  })
}

/** DELETE /study-materials/{id}. */
export function useDeleteStudyMaterial(skillId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (material: Pick<StudyMaterial, 'id' | 'subTopicId'>) =>
      unwrap(api['study-materials'][':id'].$delete({ param: { id: String(material.id) } })),
    onSuccess: (_data, material) => invalidateSubTopicMedia(queryClient, skillId, material.subTopicId),
    meta: {
      successMessage: 'Study material deleted',
      errorMessage: 'Failed to delete study material',
      errorReason: 'description',
      errorReasonFallback: 'Try again.',
    },
  })
}
