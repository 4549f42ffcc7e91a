import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { CaptionTrack } from '../../contract/captions.ts'
import type { Caption } from '../../contract/content.ts'
import { api, unwrap } from '../api/client.ts'
import { fetchCaptionFile } from '../api/caption-file.ts'
import { successToast } from './meta.ts'
import { invalidateSubTopicMedia, subTopicKeys } from './subtopics.ts'
import { useUploadMutation } from './upload-mutation.ts'

/** Caption tracks: upload and delete (admin), the coverage report, and a track's cues for the transcript. */
export const captionKeys = {
  all: ['captions'] as const,
  coverage: () => [...captionKeys.all, 'coverage'] as const,
  cues: (captionId: number) => [...captionKeys.all, 'cues', captionId] as const,
}

const getCoverage = () => unwrap(api.reports.captions.$get())

export const captionCoverageQueryOptions = () =>
  queryOptions({ queryKey: captionKeys.coverage(), queryFn: getCoverage, meta: { errorMessage: 'Failed to load the caption report' } })

/** A track's cues; the file behind a track id changes only by a new upload, which gives the track a new URL. */
export const captionCuesQueryOptions = (caption: Caption) =>
  queryOptions({
    queryKey: [...captionKeys.cues(caption.id), caption.url] as const,
    // The WebVTT parser comes with the first transcript, not with the viewer's first load.
    queryFn: async ({ signal }) => {
      const [vtt, { transcriptCues }] = await Promise.all([fetchCaptionFile(caption.url, signal), import('../lib/transcript-cues.ts')])
      return transcriptCues(vtt)
    },
    staleTime: Number.POSITIVE_INFINITY,
  })

interface CaptionUploadInput {
  videoId: number
  subTopicId: number
  file: File
  language: string
  label: string
  kind: 'captions' | 'subtitles'
}

function invalidateAfterCaptionChange(queryClient: ReturnType<typeof useQueryClient>, skillId: number | null, subTopicId: number) {
  return Promise.all([
    skillId === null ? null : invalidateSubTopicMedia(queryClient, skillId, subTopicId),
    skillId === null ? queryClient.invalidateQueries({ queryKey: subTopicKeys.all }) : null,
    queryClient.invalidateQueries({ queryKey: captionKeys.coverage() }),
  ])
}

/** POST /videos/{id}/captions (multipart file, language, label, kind). */
export function useUploadCaptions(skillId: number | null) {
  const queryClient = useQueryClient()
  return useUploadMutation<CaptionUploadInput, CaptionTrack>({
    request: ({ videoId, file, language, label, kind }) => {
      const form = new FormData()
      form.append('language', language)
      form.append('label', label)
      form.append('kind', kind)
      form.append('file', file)
      return { path: api.videos[':id'].captions.$path({ param: { id: String(videoId) } }), form }
    },
    onSuccess: (_track, input) => invalidateAfterCaptionChange(queryClient, skillId, input.subTopicId),
    meta: {
      successToast: successToast<CaptionTrack>((track) => ({ title: 'Captions uploaded', description: track.label })),
      errorMessage: 'Captions not uploaded',
      errorReason: 'description',
    },
  })
}

/** DELETE /videos/{id}/captions/{captionId}. */
export function useDeleteCaptions(skillId: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ videoId, captionId }: { videoId: number; captionId: number; subTopicId: number }) =>
      unwrap(api.videos[':id'].captions[':captionId'].$delete({ param: { id: String(videoId), captionId: String(captionId) } })),
    onSuccess: (_data, input) => invalidateAfterCaptionChange(queryClient, skillId, input.subTopicId),
    meta: { successMessage: 'Captions deleted', errorMessage: 'Failed to delete captions', errorReason: 'description' },
  })
}
