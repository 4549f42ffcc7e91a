import type { ExternalToast } from 'sonner'

/** The one way to raise a toast, with the product's durations (docs/product.md#feedback): success 2 s; error, blank and custom 4 s; loading until dismissed. */
export const TOAST_LIMIT = 20
export const DURATION = { success: 2000, error: 4000, blank: 4000, loading: Infinity } as const

/** sonner loads on first use, outside the landing screen's first load. */
const loadSonner = () => import('sonner')

/**
 * Whether a toast has been raised yet: AppProviders mounts sonner's Toaster from then on (sonner replays the toasts
 * raised before to a Toaster that mounts later), so a screen that never toasts never loads sonner.
 */
let toasterWanted = false
const toasterListeners = new Set<() => void>()
export const toasterDemand = {
  subscribe(listener: () => void) {
    toasterListeners.add(listener)
    return () => void toasterListeners.delete(listener)
  },
  wanted: () => toasterWanted,
}
function wantToaster() {
  if (toasterWanted) return
  toasterWanted = true
  for (const listener of toasterListeners) listener()
}

/** Optional detail under the title, e.g. the server's reason for a failure. */
export interface ToastDetail {
  description?: string
}

type Kind = 'success' | 'error' | 'message' | 'loading'

const raise =
  (kind: Kind, duration: number) =>
  (message: string, detail: ToastDetail = {}) => {
    wantToaster()
    void loadSonner().then(({ toast }) => {
      const data: ExternalToast = { duration, ...(detail.description ? { description: detail.description } : {}) }
      if (kind === 'message') toast(message, data)
      else toast[kind](message, data)
      // Holds at most TOAST_LIMIT toasts: one more dismisses the oldest (sonner alone only hides the extras).
      const active = toast.getToasts()
      for (const old of active.slice(0, Math.max(0, active.length - TOAST_LIMIT))) toast.dismiss(old.id)
    })
  }

export const notify = {
  success: raise('success', DURATION.success),
  error: raise('error', DURATION.error),
  message: raise('message', DURATION.blank),
  loading: raise('loading', DURATION.loading),
  dismiss: (id?: string | number) => void loadSonner().then(({ toast }) => toast.dismiss(id)),
}
