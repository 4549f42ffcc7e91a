import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { createRouter, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen.ts'
import { ApiError } from './api/errors.ts'
import { notify } from './lib/toast.ts'

/**
 * What a query or mutation may carry in `meta`. `errorMessage` is SPEC.md's failure toast for that call: the
 * caches raise it once per failure, so no screen raises its own. A mutation's `successMessage` is its success toast.
 */
export interface AppMeta extends Record<string, unknown> {
  errorMessage?: string
  successMessage?: string
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta
    mutationMeta: AppMeta
  }
}

export function createQueryClient(overrides: { retryDelay?: number } = {}) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => {
        if (query.meta?.errorMessage) notify.error(query.meta.errorMessage)
      },
    }),
    mutationCache: new MutationCache({
      onSuccess: (_data, _variables, _context, mutation) => {
        if (mutation.meta?.successMessage) notify.success(mutation.meta.successMessage)
      },
      onError: (_error, _variables, _context, mutation) => {
        if (mutation.meta?.errorMessage) notify.error(mutation.meta.errorMessage)
      },
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
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
