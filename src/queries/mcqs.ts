import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Mcq, McqUploadResult } from '../../contract/media.ts'
import type { SheetKind } from '../../contract/mcq-import.ts'
import { api, download, unwrap } from '../api/client.ts'
import { upload } from '../api/upload.ts'
import { useUploadMutation } from './upload-mutation.ts'
import { successToast } from './meta.ts'

/** MCQ banks: the question lists, spreadsheet imports and their templates, editing and deleting one question. */

export const mcqKeys = {
  all: ['mcqs'] as const,
  lists: () => [...mcqKeys.all, 'bySubTopics'] as const,
  /** The questions of these sub-topics (one list per set of ids, as the question table asks). */
  bySubTopics: (subTopicIds: number[]) => [...mcqKeys.lists(), subTopicIds] as const,
}

/** GET /mcqs/getBySubTopics?subTopicIds=1&subTopicIds=2 (admins get `correctOption`). */
const getMcqs = (subTopicIds: number[]) => unwrap(api.mcqs.getBySubTopics.$get({ query: { subTopicIds: subTopicIds.map(String) } }))

/** The admin question table's text; the learner's test screen overrides it with 'Failed to load MCQs'. */
export const mcqsQueryOptions = (subTopicIds: number[]) =>
  queryOptions({
    queryKey: mcqKeys.bySubTopics(subTopicIds),
    queryFn: () => getMcqs(subTopicIds),
    meta: { errorMessage: 'Error fetching MCQs' },
  })

/** Every cached MCQ list that includes one of these sub-topics; with no ids, every MCQ list. */
function invalidateMcqLists(queryClient: QueryClient, subTopicIds?: Iterable<number>) {
  const touched = subTopicIds ? new Set(subTopicIds) : null
  return queryClient.invalidateQueries({
    queryKey: mcqKeys.lists(),
    predicate: (query) => !touched || ((query.queryKey[2] as number[] | undefined) ?? []).some((id) => touched.has(id)),
  })
}

interface McqSheetInput {
  kind: SheetKind
  file: File
  /** The sub-topic of a plain sheet. */
  subTopicId?: number
}

function sheetForm({ kind, file, subTopicId }: McqSheetInput) {
  const form = new FormData()
  if (kind === 'plain') form.append('subTopicId', String(subTopicId))
  form.append('file', file)
  return form
}

const sheetPath = (kind: SheetKind, dryRun: boolean) => {
  const query = { query: { dryRun: String(dryRun) } }
  return kind === 'plain' ? api.mcqs.uploadExcel.$path(query) : api.mcqs.uploadExcelWithSubTopic.$path(query)
}

/**
 * POST /mcqs/uploadExcel(WithSubTopic)?dryRun=true: what the import would do (rows to upload, rows to skip with
 * their reasons), checked by the server with its own rules; nothing is stored and no cached list changes.
 */
export function usePreviewMcqSheet() {
  return useMutation({ mutationFn: (input: McqSheetInput) => upload<McqUploadResult>(sheetPath(input.kind, true), sheetForm(input)) })
}

/** POST /mcqs/uploadExcel (file + subTopicId) or /mcqs/uploadExcelWithSubTopic (file): refreshes the lists of the sub-topics it may fill (every list for a bulk sheet). */
export function useUploadMcqSheet() {
  const queryClient = useQueryClient()
  return useUploadMutation<McqSheetInput, McqUploadResult>({
    request: (input) => ({ path: sheetPath(input.kind, false), form: sheetForm(input) }),
    onSuccess: (_result, input) => invalidateMcqLists(queryClient, input.kind === 'plain' ? [input.subTopicId!] : undefined),
    meta: {
      successToast: successToast<McqUploadResult>((answer) => ({
        title: 'MCQs uploaded successfully',
        description: `${answer.uploaded} uploaded, ${answer.skipped} skipped`,
      })),
      errorMessage: 'MCQ upload failed',
      errorReason: 'description',
      errorReasonFallback: 'The upload did not complete. Try again.',
    },
  })
}

export interface McqUpdate {
  question: string
  /** JSON text mapping letters to option text. */
  options: string
  correctOption: string
  /** Null removes it. */
  explanation?: string | null
}

/** POST /mcqs/create: one question checked by a spreadsheet row's rules; refreshes the lists holding its sub-topic. */
export function useCreateMcq() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: McqUpdate & { subTopicId: number }) => unwrap(api.mcqs.create.$post({ json: input })),
    onSuccess: (_saved, input) => invalidateMcqLists(queryClient, [input.subTopicId]),
    // A refusal is shown in the dialog, beside the fields, rather than as a toast behind it.
    meta: { successMessage: 'Question added' },
  })
}

/** PUT /mcqs/update?id: refreshes the lists holding that MCQ's sub-topic. */
export function useUpdateMcq() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ mcq, update }: { mcq: Pick<Mcq, 'id' | 'subTopicId'>; update: McqUpdate }) =>
      unwrap(api.mcqs.update.$put({ query: { id: String(mcq.id) }, json: update })),
    onSuccess: (_saved, { mcq }) => invalidateMcqLists(queryClient, [mcq.subTopicId]),
    meta: { successMessage: 'MCQ updated', errorMessage: 'Update failed', errorReason: 'description', errorReasonFallback: 'Try again.' },
  })
}

/** DELETE /mcqs/delete?id: refreshes the lists holding that MCQ's sub-topic. */
export function useDeleteMcq() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mcq: Pick<Mcq, 'id' | 'subTopicId'>) => unwrap(api.mcqs.delete.$delete({ query: { id: String(mcq.id) } })),
    onSuccess: (_data, mcq) => invalidateMcqLists(queryClient, [mcq.subTopicId]),
    meta: { successMessage: 'MCQ deleted', errorMessage: 'Delete failed', errorReason: 'description', errorReasonFallback: 'Try again.' },
  })
}

export const TEMPLATE_DOWNLOAD: Record<SheetKind, { fileName: string }> = {
  plain: { fileName: 'mcq-template.xlsx' },
  withSubTopic: { fileName: 'mcq-template-with-subtopic.xlsx' },
}

/** GET /mcqs/download-template(-with-subtopic): the .xlsx template as a Blob. */
const downloadTemplate = async (kind: SheetKind) =>
  (await download(kind === 'plain' ? api.mcqs['download-template'].$get() : api.mcqs['download-template-with-subtopic'].$get())).blob

/** A template download as a mutation (pending state for the button). Its failure is an alert on the page, not a toast. */
export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate })
}
