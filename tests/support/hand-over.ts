import { screen } from '@testing-library/react'
import { http } from 'msw'
import { stoppableClock } from './clock.ts'
import { mswServer, testContext } from './server.ts'

/** docs/product.md: the page moves on 2 seconds after a successful sign-in. */
const HAND_OVER_MS = 2000

/**
 * The landing screen's hand-over after a sign-in, on a stoppable clock (tests/support/clock.ts): call it just before
 * the click that signs in. The next sign-in goes to the server (once `hold` has settled, when given), and the clock
 * stops the moment the server's answer leaves; `expectHandOver` then checks the page to the millisecond from there.
 */
export function watchHandOver({ hold }: { hold?: Promise<unknown> } = {}) {
  const clock = stoppableClock()
  mswServer.use(
    http.post(
      '*/api/oauth2/loginUser',
      async ({ request }) => {
        await hold
        const answer = await testContext().app.fetch(request)
        clock.stop()
        return answer
      },
      { once: true },
    ),
  )
  return {
    /**
     * 'Login Success' and the session as soon as the answer is in; the page still '/' 1 ms before HAND_OVER_MS after
     * the answer, and `to` at HAND_OVER_MS. `meanwhile` checks more at the answer and 1 ms before the move. The
     * clock then follows real time again, for the page `to` to load.
     */
    async expectHandOver(pathname: () => string, to: string, meanwhile: () => void = () => undefined) {
      // The answer has reached the form: the session is stored and the hand-over timed, while the clock stands.
      await clock.until(() => expect(localStorage.getItem('token')).not.toBeNull())
      await clock.advance(0)
      expect(screen.getByText('Login Success')).toBeInTheDocument()
      expect(pathname()).toBe('/')
      meanwhile()
      await clock.advance(HAND_OVER_MS - 1)
      expect(pathname()).toBe('/')
      meanwhile()
      await clock.advance(1)
      await clock.until(() => expect(pathname()).toBe(to))
      clock.resume()
    },
  }
}
