import { toast } from 'sonner'

/** The one way to raise a toast, with SPEC.md's durations: success 2 s; error, blank and custom 4 s; loading until dismissed. */
export const TOAST_LIMIT = 20
export const DURATION = { success: 2000, error: 4000, blank: 4000, loading: Infinity } as const

export const notify = {
  success: (message: string) => toast.success(message, { duration: DURATION.success }),
  error: (message: string) => toast.error(message, { duration: DURATION.error }),
  message: (message: string) => toast(message, { duration: DURATION.blank }),
  loading: (message: string) => toast.loading(message, { duration: DURATION.loading }),
  dismiss: (id?: string | number) => toast.dismiss(id),
}
