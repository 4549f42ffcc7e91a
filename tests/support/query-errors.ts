import { configure, getConfig } from '@testing-library/react'

// Testing Library's own, kept from before the first file of the worker replaced it (the files share its module).
const worker = globalThis as { learnpackElementError?: (message: string | null, container: Element) => Error }
worker.learnpackElementError ??= getConfig().getElementError
const withDom = worker.learnpackElementError

/**
 * A failed query's error, without the DOM while findBy or waitFor poll. They throw it at every poll and keep only the
 * last, to which they add the DOM themselves when they give up; printing the whole document into every one of them
 * (Testing Library's default) was 3–4 % of a screen test's CPU. A query that fails outside a poll prints it as before.
 */
function queryError(message: string | null, container: Element): Error {
  if (!(getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics)
    return withDom(message, container)
  const error = new Error(message ?? '')
  error.name = 'TestingLibraryElementError'
  return error
}

export function configureQueryErrors() {
  configure({ getElementError: queryError })
}
