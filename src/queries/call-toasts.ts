import { isAbort, messageOf } from '../api/errors.ts'
import type { AppMeta } from './meta.ts'
import { notify } from '../lib/toast.ts'

/** The failure toast a call's `meta` names, with the server's reason where the meta asks for it. */
export function toastFailure(meta: AppMeta | undefined, error: unknown) {
  if (!meta?.errorMessage || isAbort(error)) return
  const reason = messageOf(error, '')
  if (meta.errorReason === 'title') return notify.error(reason || meta.errorMessage)
  const description = meta.errorReason === 'description' ? reason || meta.errorReasonFallback : undefined
  notify.error(meta.errorMessage, { description })
}

/** The success toasts a call's `meta` names. */
export function toastSuccess(meta: AppMeta | undefined, data: unknown, variables: unknown) {
  if (meta?.successMessage) notify.success(meta.successMessage)
  const made = meta?.successToast?.(data, variables)
  if (made) notify.success(made.title, { description: made.description })
}
