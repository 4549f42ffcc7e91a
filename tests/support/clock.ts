import { act } from '@testing-library/react'

/** The ceiling for a condition waited on while the clock stands: findBy's (tests/support/setup.ts). */
const CEILING_MS = 20_000
const POLL_MS = 5

export interface StoppableClock {
  /** Stops the clock: from now on it moves only with `advance`. Call it where the delay to check starts. */
  stop(): void
  /** Moves the stopped clock on by `ms`, runs the timers that come due, and lets React render what they did. */
  advance(ms: number): Promise<void>
  /**
   * Waits on real timers until `condition` holds, with findBy's ceiling, while the clock stands. React renders what
   * happened meanwhile only once the condition holds, so the condition is one outside the DOM (a request counted,
   * the session stored); `advance(0)` then renders.
   */
  until(condition: () => void): Promise<void>
  /** Lets the clock follow real time again. */
  resume(): void
}

/**
 * A fake setTimeout (and clearTimeout) for checking what the app does a fixed time after an event (the landing screen
 * moving on 2 s after signing in, a sign-in sent again after Retry-After) to the millisecond, on a loaded machine as on
 * an idle one, without waiting for it. Until `stop()` the clock follows real time, so the app, findBy, waitFor and
 * user-event work as on real timers; install it after typing (user-event waits a timer tick between keystrokes).
 *
 * While stopped, the timers due at the instant it stands at still run, as a 0 ms timeout runs in a browser: a
 * user-event action or a findBy under way (both end on a 0 ms timeout) still ends. Waits with a ceiling on a timer
 * (waitFor, findBy) then get only the test's timeout as theirs: `until` has its own. The fakes go after each test
 * (tests/support/setup.ts).
 */
export function stoppableClock(): StoppableClock {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
  // Runs the timers due while stopped, on setInterval, which stays real; not while `advance` runs them.
  let dueTimers: ReturnType<typeof setInterval> | undefined
  let advancing = false
  const runDue = () => {
    if (!vi.isFakeTimers()) return stopRunningDue()
    if (!advancing) vi.advanceTimersByTime(0)
  }
  const stopRunningDue = () => {
    clearInterval(dueTimers)
    dueTimers = undefined
  }
  onTestFinished(stopRunningDue)
  return {
    stop() {
      vi.setTimerTickMode('manual')
      dueTimers ??= setInterval(runDue, POLL_MS)
    },
    advance: (ms) =>
      act(async () => {
        advancing = true
        try {
          await vi.advanceTimersByTimeAsync(ms)
        } finally {
          advancing = false
        }
      }),
    until: (condition) => act(() => poll(condition)),
    resume() {
      stopRunningDue()
      vi.setTimerTickMode('interval')
    },
  }
}

/**
 * Resolves once `condition` stops throwing; rejects with its error after CEILING_MS. On setInterval and
 * performance.now, which this clock leaves real: vi.waitFor moves a fake clock on at each check.
 */
function poll(condition: () => void) {
  const deadline = performance.now() + CEILING_MS
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      try {
        condition()
      } catch (error) {
        if (performance.now() < deadline) return
        clearInterval(timer)
        return reject(error)
      }
      clearInterval(timer)
      resolve()
    }
    const timer = setInterval(check, POLL_MS)
    check()
  })
}
