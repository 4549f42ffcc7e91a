import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { UserImportResult } from '../../contract/user-import.ts'
import { api, download } from '../api/client.ts'
import { upload } from '../api/upload.ts'
import { successToast } from './meta.ts'
import { useUploadMutation } from './upload-mutation.ts'
import { userKeys } from './user.ts'

/** The bulk user import: its preview (the server's dry run), the import itself and the template. */

const importPath = (dryRun: boolean) => api.user.import.$path({ query: { dryRun: String(dryRun) } })

function importForm(file: File) {
  const form = new FormData()
  form.append('file', file)
  return form
}

/**
 * POST /user/import?dryRun=true: what the import would do (counts, and each row it would skip with its reasons),
 * checked by the server with its own rules; nothing is stored, nobody is mailed, no cached list changes.
 */
export function usePreviewUserImport() {
  return useMutation({ mutationFn: (file: File) => upload<UserImportResult>(importPath(true), importForm(file)) })
}

/** POST /user/import: creates, updates and invites; every cached list of users refreshes. */
export function useImportUsers() {
  const queryClient = useQueryClient()
  return useUploadMutation<File, UserImportResult>({
    request: (file) => ({ path: importPath(false), form: importForm(file) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
    meta: {
      successToast: successToast<UserImportResult>((answer) => ({
        title: 'Users imported',
        description: `${answer.created} created, ${answer.updated} updated, ${answer.errors.length} skipped`,
      })),
      errorMessage: 'User import failed',
      errorReason: 'description',
      errorReasonFallback: 'The import did not complete. Try again.',
    },
  })
}

/** GET /user/import/template as a Blob. Its failure is an alert beside the button, not a toast. */
export function useDownloadUserImportTemplate() {
  return useMutation({ mutationFn: async () => (await download(api.user.import.template.$get())).blob })
}
