/** Load runs the HTTP benchmarks share: autocannon with a fixed status, a drain between runs, and a row per result. */
import autocannon, { type Result } from 'autocannon'

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
export const DURATION = Number(process.env.BENCH_DURATION ?? 10)

// autocannon schedules a timer with a negative delay at the end of a run; Node warns about it. Nothing to act on.
process.removeAllListeners('warning')
process.on('warning', (warning) => {
  if (warning.name !== 'TimeoutNegativeWarning') console.warn(warning)
})

/**
 * CONNECTIONS connections for DURATION seconds against one request; every answer must have one of the `expect`
 * statuses (a revalidation may meet a 200 when the tag moves on during the run, e.g. a new signed-URL window).
 */
export async function load(
  title: string,
  url: string,
  headers: Record<string, string> = {},
  expect: number | number[] = 200,
  request: { method?: string; body?: string; connections?: number } = {},
): Promise<Result> {
  // A generous per-request timeout: a slow answer counts in the latency figures instead of vanishing as an error.
  const instance = autocannon({
    title,
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 60,
    ...request,
  })
  const errors = new Map<string, number>()
  instance.on('reqError', (error) => errors.set(error.message, (errors.get(error.message) ?? 0) + 1))
  const result = await instance
  const statuses = Object.keys(result.statusCodeStats)
  const allowed = [expect].flat()
  if (statuses.some((status) => !allowed.includes(Number(status))))
    throw new Error(`${title}: answers other than ${allowed.join(' or ')}: ${JSON.stringify(result.statusCodeStats)}`)
  if (allowed.length > 1) console.log(`${title}: answers by status ${JSON.stringify(result.statusCodeStats)}`)
  if (result.errors) console.warn(`${title}: ${result.errors} request errors: ${JSON.stringify(Object.fromEntries(errors))}`)
  return result
}

/** Waits until the server answers a hello within 50 ms, i.e. it has worked off requests left from a run. */
export async function drain(base: string) {
  for (let i = 0; i < 600; i++) {
    const started = performance.now()
    // A connection refused or reset while the backlog clears counts as not idle yet.
    const answered = await fetch(`${base}/api/oauth2/hello`).then(
      (r) => r.text().then(() => true),
      () => false,
    )
    if (answered && performance.now() - started < 50) return
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** One table row: requests/s, latency, and the ratio of requests/s to hello's in the same run. */
export function ratioRow(result: Result, hello: Result) {
  return {
    'requests/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    'ratio to hello': Number((result.requests.average / hello.requests.average).toFixed(4)),
  }
}
