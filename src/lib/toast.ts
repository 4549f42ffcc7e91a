import { toast, type ExternalToast } from 'sonner'

/** The one way to raise a toast, with SPEC.md's durations: success 2 s; error, blank and custom 4 s; loading until dismissed. */
export const TOAST_LIMIT = 20
export const DURATION = { success: 2000, error: 4000, blank: 4000, loading: Infinity } as const

/** Holds at most TOAST_LIMIT toasts: raising one more dismisses the oldest (sonner alone only hides the extras). */
function held(id: string | number) {
  const active = toast.getToasts()
  for (const old of active.slice(0, Math.max(0, active.length - TOAST_LIMIT))) toast.dismiss(old.id)
  return id
}

/** Optional detail under the title, e.g. the server's reason for a failure. */
export interface ToastDetail {
  description?: string
}

const raise = (show: (message: string, data?: ExternalToast) => string | number, duration: number) => (message: string, detail: ToastDetail = {}) =>
  held(show(message, { duration, ...(detail.description ? { description: detail.description } : {}) }))

export const notify = {
  success: raise(toast.success, DURATION.success),
  error: raise(toast.error, DURATION.error),
  message: raise(toast, DURATION.blank),
  loading: raise(toast.loading, DURATION.loading),
  dismiss: (id?: string | number) => toast.dismiss(id),
}
