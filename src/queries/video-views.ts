import { useMutation, useQueryClient } from '@tanstack/react-query'
import { call } from '../api/client.ts'
import { packageKeys } from './packages.ts'
import { skillKeys } from './skills.ts'

/** POST /videos/{id}/view: counts a play (the server counts one per user, video and hour). */
export const recordVideoView = (videoId: number) => call<{ id: number; noOfViews: number }>('post', `/videos/${videoId}/view`)

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
