import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Video } from '../../contract/content.ts'
import { api, unwrap } from '../api/client.ts'
import { packageKeys } from './packages.ts'
import { skillKeys } from './skills.ts'
import { invalidateSubTopicMedia } from './subtopics.ts'
import { useUploadMutation } from './upload-mutation.ts'
import { successToast } from './meta.ts'

/** A sub-topic's videos: upload, delete, and counting plays. */

interface VideoUploadInput {
  subTopicId: number
  video: File
  thumbnail: File
  /** Optional; the server uses the video's file name without extension when blank. */
  title?: string
}

/** POST /videos/upload/{subTopicId} (multipart video, thumbnail, title) with progress and cancel. */
export function useUploadVideo(skillId: number) {
  const queryClient = useQueryClient()
  return useUploadMutation<VideoUploadInput, Video>({
    request: ({ subTopicId, video, thumbnail, title }) => {
      const form = new FormData()
      if (title?.trim()) form.append('title', title.trim())
      form.append('video', video)
      form.append('thumbnail', thumbnail)
      return { path: api.videos.upload[':subTopicId'].$path({ param: { subTopicId: String(subTopicId) } }), form }
    },
    onSuccess: (_video, input) => invalidateSubTopicMedia(queryClient, skillId, input.subTopicId),
    meta: {
      successToast: successToast<Video>((saved) => ({ title: 'Uploaded successfully', description: saved.title })),
      errorMessage: 'Upload failed',
      errorReason: 'description',
      errorReasonFallback: 'The upload did not complete. Try again.',
    },
  })
}

/** DELETE /videos/{id}. */
export function useDeleteVideo(skillId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (video: Pick<Video, 'id' | 'subTopicId'>) => unwrap(api.videos[':id'].$delete({ param: { id: String(video.id) } })),
    onSuccess: (_data, video) => invalidateSubTopicMedia(queryClient, skillId, video.subTopicId),
    meta: {
      successMessage: 'Video deleted',
      errorMessage: 'Failed to delete video',
      errorReason: 'description',
      errorReasonFallback: 'Try again.',
    },
  })
}

/** POST /videos/{id}/view: counts a play (the server counts one per user, video and hour). */
const recordVideoView = (videoId: number) => unwrap(api.videos[':id'].view.$post({ param: { id: String(videoId) } }))

/**
 * Counts a play. The count (`noOfViews`) is shown only on the admin screens, so their cached copies are
 * marked stale without refetching now: refetching the open package tree would re-sign every media URL
 * under the playing video for nothing.
 */
export function useRecordVideoView() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ videoId }: { videoId: number; packageId: number }) => recordVideoView(videoId),
    onSuccess: (_result, { packageId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: packageKeys.detail(packageId), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: skillKeys.topicsAll(), refetchType: 'none' }),
      ]),
  })
}
