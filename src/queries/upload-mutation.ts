import { useCallback, useRef, useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { upload, type UploadOptions } from '../api/upload.ts'
import type { AppMeta } from './meta.ts'

/** A multipart upload with progress: the form it sends and where (see src/api/upload.ts). */
interface UploadRequest {
  path: string
  form: FormData
}

/**
 * A mutation over the XHR upload helper: `progress` (0–100) follows the bytes sent, `cancel()` aborts the
 * request in flight, and `wasCancelled()` tells a cancel from a failure in `onError`.
 */
export function useUploadMutation<TInput, TResult>(options: {
  request: (input: TInput) => UploadRequest
  onSuccess: (result: TResult, input: TInput) => Promise<unknown>
  meta: AppMeta
}) {
  const [progress, setProgress] = useState(0)
  const controller = useRef<AbortController | null>(null)
  const mutation = useMutation({
    mutationFn: (input: TInput) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      setProgress(0)
      const { path, form } = options.request(input)
      const sending: UploadOptions = { signal: current.signal, onProgress: (percent) => !current.signal.aborted && setProgress(percent) }
      return upload<TResult>(path, form, sending)
    },
    onSuccess: options.onSuccess,
    meta: options.meta,
  })
  const cancel = useCallback(() => controller.current?.abort(), [])
  const wasCancelled = useCallback(() => controller.current?.signal.aborted ?? false, [])
  return { ...mutation, progress, cancel, wasCancelled }
}
