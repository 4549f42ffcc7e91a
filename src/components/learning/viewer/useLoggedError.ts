import { useEffect } from 'react'

/** Comment loading problems are only logged (docs/product.md#ratings-comments-and-reviews). */
export function useLoggedError(error: Error | null, what: string) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error)
  }, [error, what])
}
