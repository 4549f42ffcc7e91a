/**
 * What a query or mutation may carry in `meta`; src/router.tsx's caches act on it, so no screen raises these toasts.
 * A screen that needs another text for the same call overrides `meta` where it uses it: `{ ...fooQueryOptions(id), meta }`
 * for a query (in its loader and its component alike), or the hook's `meta` argument where a hook takes one.
 */
export interface AppMeta extends Record<string, unknown> {
  /** The failure toast for the call (its title), raised once per failure. */
  errorMessage?: string
  /**
   * Where the failure toast shows the server's reason (its answer's message) when the answer has one: 'title' in place
   * of `errorMessage` ("the server message or 'Registration failed'"), 'description' under it.
   */
  errorReason?: 'title' | 'description'
  /** With `errorReason: 'description'`: the description when the server gave no reason. */
  errorReasonFallback?: string
  /** A mutation's success toast. */
  successMessage?: string
  /** A success toast made from the mutation's answer and variables (build it with `successToast`). */
  successToast?: (data: unknown, variables: unknown) => SuccessToast
}

/** A success toast's title and the optional line under it. */
export interface SuccessToast {
  title: string
  description?: string
}

/** Types a `successToast` by the mutation's answer and variables; the cache calls it with exactly those. */
export const successToast = <TData, TVariables = void>(
  make: (data: TData, variables: TVariables) => SuccessToast,
): AppMeta['successToast'] => make as AppMeta['successToast']

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppMeta
    mutationMeta: AppMeta
  }
}
