import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest'
import { toast } from 'sonner'
import { mswServer, unhandledRequests, testContext, startTestContext } from './server.ts'
import { loadRouteChunks } from './render.tsx'
import { configureQueryErrors } from './query-errors.ts'

// findBy/waitFor poll for their condition and return as soon as it holds; the timeout is only the ceiling after which
// a test gives up. It is far above what an idle machine needs, so that a 2-core machine running other work (CI runs
// right after a session, beside whatever is left) fails a test only when the condition never comes.
configure({ asyncUtilTimeout: 20_000 })
configureQueryErrors()

// jsdom lacks these browser APIs that Mantine uses. Plain functions, not vi.fn(): a test's vi.restoreAllMocks() would
// take a mock's implementation away from every later file of the worker (the files share their modules).
const noop = () => undefined
// The tests' browser asks for reduced motion, which the theme honours: collapses, accordions and dialogs open at once
// instead of waiting on animation frames (jsdom has no layout, and a worker's earlier fake timers must not matter).
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: query === REDUCED_MOTION,
    media: query,
    onchange: null,
    addListener: noop,
    removeListener: noop,
    addEventListener: noop,
    removeEventListener: noop,
    dispatchEvent: () => false,
  }),
})
// jsdom runs animation frames off a Node interval it starts once and then keeps; started while a test had faked
// setInterval, it is lost when the fakes go, and with the worker's shared window no frame ever runs again (focus moves,
// collapses and dialogs then hang in every later file). Frames on the real clock instead, as in a browser, where faking
// timers does not stop painting. Tests that fake requestAnimationFrame itself still get the fake while it is installed.
const realSetTimeout = globalThis.setTimeout
const realClearTimeout = globalThis.clearTimeout
const FRAME_MS = 16
const requestFrame = (callback: FrameRequestCallback) => realSetTimeout(() => callback(performance.now()), FRAME_MS) as unknown as number
const cancelFrame = (handle: number) => realClearTimeout(handle as unknown as ReturnType<typeof setTimeout>)
window.requestAnimationFrame = requestFrame
window.cancelAnimationFrame = cancelFrame
globalThis.requestAnimationFrame = requestFrame
globalThis.cancelAnimationFrame = cancelFrame

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver
// jsdom has no FontFaceSet: Mantine's autosizing Textarea listens on document.fonts for 'loadingdone', and without it
// every page holding one (package form, topic editor) throws in an effect and unmounts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { ready: Promise.resolve(), addEventListener: noop, removeEventListener: noop },
  })
}
Element.prototype.scrollIntoView = noop
window.scrollTo = noop as unknown as typeof window.scrollTo
Element.prototype.scrollTo = noop as unknown as typeof Element.prototype.scrollTo

beforeAll(async () => {
  await Promise.all([startTestContext(), loadRouteChunks()])
  mswServer.listen({ onUnhandledFrame: 'error' })
})

afterEach(async () => {
  cleanup()
  // sonner keeps toasts in a module-level store and replays the active ones to the next Toaster.
  toast.dismiss()
  mswServer.resetHandlers()
  localStorage.clear()
  document.documentElement.classList.remove('dark')
  vi.useRealTimers()
  await testContext().reset()
  const unhandled = unhandledRequests.splice(0)
  expect(unhandled, 'requests no handler answered').toEqual([])
})

// The test context stays open for the worker's next file (tests/support/server.ts).
afterAll(() => {
  mswServer.close()
})
