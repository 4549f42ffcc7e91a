import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest'
import { toast } from 'sonner'
import { mswServer, unhandledRequests, testContext, startTestContext } from './server.ts'
import { loadRouteChunks } from './render.tsx'

// Three times the default: on a 2-core machine shared with other processes a screen that appears in 0.3 s alone
// can take a few seconds (vite.config.ts gives the tests the same room).
configure({ asyncUtilTimeout: 3000 })

// jsdom lacks these browser APIs that Mantine uses.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
})
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver
Element.prototype.scrollIntoView = vi.fn()
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
Element.prototype.scrollTo = vi.fn() as unknown as typeof Element.prototype.scrollTo

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
