import { useCallback, useRef, useState } from 'react'
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { StudyMaterial, Video } from '../../contract/content.ts'
import type { Mcq, McqUploadResult } from '../../contract/media.ts'
import type { SheetKind } from '../../contract/mcq-import.ts'
import { call, download } from '../api/client.ts'
import { upload, type UploadOptions } from '../api/upload.ts'
import { invalidateSkillContent } from './skills.ts'
import { subTopicKeys } from './subtopics.ts'

/** Videos, study materials and MCQ banks: what the Upload Content page and the question table read and change. */

export const mcqKeys = {
  all: ['mcqs'] as const,
  lists: () => [...mcqKeys.all, 'bySubTopics'] as const,
  /** The questions of these sub-topics (one list per set of ids, as the question table asks). */
  bySubTopics: (subTopicIds: number[]) => [...mcqKeys.lists(), subTopicIds] as const,
}

// ---------- reads ----------

const idsParams = (ids: number[]) => new URLSearchParams(ids.map((id) => ['subTopicIds', String(id)]))

/** GET /mcqs/getBySubTopics?subTopicIds=1&subTopicIds=2 (admins get `correctOption`). */
export const getMcqs = (subTopicIds: number[]) => call<Mcq[]>('get', '/mcqs/getBySubTopics', { searchParams: idsParams(subTopicIds) })

export const mcqsQueryOptions = (subTopicIds: number[]) => queryOptions({ queryKey: mcqKeys.bySubTopics(subTopicIds), queryFn: () => getMcqs(subTopicIds) })

// ---------- invalidation ----------

/** Every cached MCQ list that includes one of these sub-topics; with no ids, every MCQ list. */
function invalidateMcqLists(queryClient: QueryClient, subTopicIds?: Iterable<number>) {
  const touched = subTopicIds ? new Set(subTopicIds) : null
  return queryClient.invalidateQueries({
    queryKey: mcqKeys.lists(),
    predicate: (query) => !touched || ((query.queryKey[2] as number[] | undefined) ?? []).some((id) => touched.has(id)),
  })
}

/**
 * After a video or study material of a sub-topic changes: the skill's topics (the Upload Content page),
 * its package's tree, and the sub-topic's own views (GET /subTopic/{id}, getByIds lists holding it).
 */
function invalidateSubTopicMedia(queryClient: QueryClient, skillId: number, subTopicId: number) {
  return Promise.all([
    invalidateSkillContent(queryClient, skillId),
    queryClient.invalidateQueries({ queryKey: subTopicKeys.detail(subTopicId), exact: true }),
    queryClient.invalidateQueries({
      queryKey: subTopicKeys.byIdsAll(),
      predicate: (query) => ((query.queryKey[2] as number[] | undefined) ?? []).includes(subTopicId),
    }),
  ])
}

// ---------- uploads with progress ----------

type Send<TInput, TResult> = (input: TInput, options: UploadOptions) => Promise<TResult>

/**
 * A mutation over the XHR upload helper: `progress` (0–100) follows the bytes sent, `cancel()` aborts the
 * request in flight, and `wasCancelled()` tells a cancel from a failure in `onError`.
 */
function useUploadMutation<TInput, TResult>(send: Send<TInput, TResult>, onSuccess: (result: TResult, input: TInput) => Promise<unknown>) {
  const [progress, setProgress] = useState(0)
  const controller = useRef<AbortController | null>(null)
  const mutation = useMutation({
    mutationFn: (input: TInput) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setProgress(0)
      return send(input, { signal: current.signal, onProgress: (percent) => !current.signal.aborted && setProgress(percent) })
    },
    onSuccess,
  })
  const cancel = useCallback(() => controller.current?.abort(), [])
  const wasCancelled = useCallback(() => controller.current?.signal.aborted ?? false, [])
  return { ...mutation, progress, cancel, wasCancelled }
}

export interface VideoUploadInput {
  subTopicId: number
  video: File
  thumbnail: File
  /** Optional; the server uses the video's file name without extension when blank. */
  title?: string
}

/** POST /videos/upload/{subTopicId} (multipart video, thumbnail, title) with progress and cancel. */
export function useUploadVideo(skillId: number) {
  const queryClient = useQueryClient()
  return useUploadMutation<VideoUploadInput, Video>(
    ({ subTopicId, video, thumbnail, title }, options) => {
      const form = new FormData()
      if (title?.trim()) form.append('title', title.trim())
      form.append('video', video)
      form.append('thumbnail', thumbnail)
      return upload<Video>(`/videos/upload/${subTopicId}`, form, options)
    },
    (_video, input) => invalidateSubTopicMedia(queryClient, skillId, input.subTopicId),
  )
}

/** DELETE /videos/{id}. */
export function useDeleteVideo(skillId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (video: Pick<Video, 'id' | 'subTopicId'>) => call<null>('delete', `/videos/${video.id}`),
    onSuccess: (_data, video) => invalidateSubTopicMedia(queryClient, skillId, video.subTopicId),
  })
}

export interface StudyMaterialUploadInput {
  subTopicId: number
  name: string
  pdf: File
}

/** POST /study-materials/upload (multipart subTopicId, name, pdf) with progress and cancel. */
export function useUploadStudyMaterial(skillId: number) {
  const queryClient = useQueryClient()
  return useUploadMutation<StudyMaterialUploadInput, StudyMaterial>(
    ({ subTopicId, name, pdf }, options) => {
      const form = new FormData()
      // Fields before the file: the server reads them as the stream arrives.
      form.append('subTopicId', String(subTopicId))
      form.append('name', name.trim())
      form.append('pdf', pdf)
      return upload<StudyMaterial>('/study-materials/upload', form, options)
    },
    (_material, input) => invalidateSubTopicMedia(queryClient, skillId, input.subTopicId),
  )
}

/** DELETE /study-materials/{id}. */
export function useDeleteStudyMaterial(skillId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (material: Pick<StudyMaterial, 'id' | 'subTopicId'>) => call<null>('delete', `/study-materials/${material.id}`),
    onSuccess: (_data, material) => invalidateSubTopicMedia(queryClient, skillId, material.subTopicId),
  })
}

// ---------- MCQ banks ----------

export interface McqSheetInput {
  kind: SheetKind
  file: File
  /** The sub-topic of a plain sheet. */
  subTopicId?: number
}

const sheetForm = ({ kind, file, subTopicId }: McqSheetInput) => {
  const form = new FormData()
  if (kind === 'plain') form.append('subTopicId', String(subTopicId))
  form.append('file', file)
  return form
}
const sheetPath = (kind: SheetKind) => (kind === 'plain' ? '/mcqs/uploadExcel' : '/mcqs/uploadExcelWithSubTopic')

/**
 * POST /mcqs/uploadExcel(WithSubTopic)?dryRun=true: what the import would do (rows to upload, rows to skip with
 * their reasons), checked by the server with its own rules; nothing is stored and no cached list changes.
 */
export function usePreviewMcqSheet() {
  return useMutation({ mutationFn: (input: McqSheetInput) => upload<McqUploadResult>(`${sheetPath(input.kind)}?dryRun=true`, sheetForm(input)) })
}

/** POST /mcqs/uploadExcel (file + subTopicId) or /mcqs/uploadExcelWithSubTopic (file): refreshes the lists of the sub-topics it may fill (every list for a bulk sheet). */
export function useUploadMcqSheet() {
  const queryClient = useQueryClient()
  return useUploadMutation<McqSheetInput, McqUploadResult>(
    (input, options) => upload<McqUploadResult>(sheetPath(input.kind), sheetForm(input), options),
    (_result, input) => invalidateMcqLists(queryClient, input.kind === 'plain' ? [input.subTopicId!] : undefined),
  )
}

export interface McqUpdate {
  question: string
  /** JSON text mapping letters to option text. */
  options: string
  correctOption: string
}

/** PUT /mcqs/update?id: refreshes the lists holding that MCQ's sub-topic. */
export function useUpdateMcq() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ mcq, update }: { mcq: Pick<Mcq, 'id' | 'subTopicId'>; update: McqUpdate }) => call<Mcq>('put', '/mcqs/update', { searchParams: { id: mcq.id }, json: update }),
    onSuccess: (_saved, { mcq }) => invalidateMcqLists(queryClient, [mcq.subTopicId]),
  })
}

/** DELETE /mcqs/delete?id: refreshes the lists holding that MCQ's sub-topic. */
export function useDeleteMcq() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mcq: Pick<Mcq, 'id' | 'subTopicId'>) => call<null>('delete', '/mcqs/delete', { searchParams: { id: mcq.id } }),
    onSuccess: (_data, mcq) => invalidateMcqLists(queryClient, [mcq.subTopicId]),
  })
}

// ---------- downloads ----------

export const TEMPLATE_DOWNLOAD: Record<SheetKind, { path: string; fileName: string }> = {
  plain: { path: '/mcqs/download-template', fileName: 'mcq-template.xlsx' },
  withSubTopic: { path: '/mcqs/download-template-with-subtopic', fileName: 'mcq-template-with-subtopic.xlsx' },
}

/** GET /mcqs/download-template(-with-subtopic): the .xlsx template as a Blob. */
export const downloadTemplate = (kind: SheetKind) => download(TEMPLATE_DOWNLOAD[kind].path)

/** GET /study-materials/download-all/{subTopicId}: the latest version of each material, zipped. */
export const downloadMaterialsZip = (subTopicId: number) => download(`/study-materials/download-all/${subTopicId}`)

/** A download as a mutation (pending state for the button; nothing cached changes). */
export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate })
}

export function useDownloadMaterialsZip() {
  return useMutation({ mutationFn: downloadMaterialsZip })
}
