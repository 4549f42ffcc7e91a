import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen.ts'
import { ApiError } from './api/errors.ts'
import { toastFailure, toastSuccess } from './queries/call-toasts.ts'
import { setUnauthorizedHandler } from './api/client.ts'
import type { SessionEnd } from './api/session-end.ts'

/** A read answered 403 (not yours) or 404 (gone) is shown by the page itself (not available, not found), not toasted. */
const isRefusal = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404)

export function createQueryClient(overrides: { retryDelay?: number } = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isRefusal(error)) toastFailure(query.meta, error)
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (data, variables, _context, mutation) => toastSuccess(mutation.meta, data, variables),
      onError: (error, _variables, _context, mutation) => toastFailure(mutation.meta, error),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        ...overrides,
        // Retry once for network trouble and 5xx; a 4xx answer will not change by asking again.
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  })
}

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    basepath: import.meta.env.BASE_URL,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // A list of ids in a path reads '/mcq-test/3,4,5', as the product writes it (docs/product.md#screens), not '3%2C4%2C5'.
    pathParamsAllowedCharacters: [','],
    scrollRestoration: true,
  })
}

/**
 * What a 401 does (an expired or revoked session): forget every cached answer and go to sign-in, which says why and
 * returns to the page afterwards.
 * main.tsx and the SPA tests register it the same way.
 */
export function endSessionsWith(router: ReturnType<typeof createAppRouter>, queryClient: QueryClient) {
  setUnauthorizedHandler((why) => {
    queryClient.clear()
    const { href, pathname, search } = router.state.location
    // Back to the page it ended on once signed in again. A later 401 (another request of the same page) finds the
    // sign-in screen already showing, and keeps the page it names.
    const redirect = pathname === '/' ? (search as { redirect?: string }).redirect : href
    void router.navigate({ to: '/', search: { redirect }, state: { sessionEnded: why } })
  })
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set when the session ended (a 401, or signing out on all devices), so the sign-in screen can say why. */
    sessionEnded?: SessionEnd
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
