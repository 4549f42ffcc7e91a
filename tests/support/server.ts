import { http } from 'msw'
import { setupServer } from 'msw/node'
import { onTestFinished } from 'vitest'
import { createTestContext, type TestContext } from '../../server/test/harness.ts'

let ctx: TestContext | undefined

/**
 * The in-process API the SPA tests talk to: a real app over one database per worker. The SPA project does not
 * isolate files (vite.config.ts), so every file a worker runs reuses it; setup.ts resets it after each test.
 */
export async function startTestContext() {
  if (!ctx) {
    ctx = await createTestContext()
    // The worker's database may hold rows another project's file left; start from empty.
    await ctx.reset()
  }
  return ctx
}

export function testContext(): TestContext {
  if (!ctx) throw new Error('The test context starts in beforeAll (tests/support/setup.ts)')
  return ctx
}

/** Default handler: every /api request goes to the real server app. Tests override single calls with `mswServer.use`. */
export const forwardToApp = http.all('*/api/*', ({ request }) => testContext().app.fetch(request))

export const mswServer = setupServer(forwardToApp)

/** A request held until the test opens the gate, so in-flight states can be observed. */
export function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

/** Records every request that reaches the API (method and path), so a test can assert what was (not) sent. */
export function recordRequests() {
  const seen: string[] = []
  const listener = ({ request }: { request: Request }) => void seen.push(`${request.method} ${new URL(request.url).pathname}`)
  mswServer.events.on('request:start', listener)
  return { seen, stop: () => mswServer.events.removeListener('request:start', listener) }
}

/** The JSON bodies of the requests with this method whose path matches, in the order they were sent; for this test only. */
export function recordBodies<T>(method: string, path: RegExp): T[] {
  const bodies: T[] = []
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method && path.test(new URL(request.url).pathname))
      void request
        .clone()
        .json()
        .then((body) => bodies.push(body as T))
  }
  mswServer.events.on('request:start', listener)
  onTestFinished(() => void mswServer.events.removeListener('request:start', listener))
  return bodies
}

/** Requests no handler answered; setup.ts fails the test when any are left. */
export const unhandledRequests: string[] = []
mswServer.events.on('request:unhandled', ({ request }) => {
  unhandledRequests.push(`${request.method} ${request.url}`)
})
