/**
 * Loaded into the benchmarked server with `--import` (bench/import-users.ts): measures the server's own event-loop
 * delay with perf_hooks.monitorEventLoopDelay. On SIGUSR2 it prints what it measured since the last SIGUSR2 (one
 * line, `EVENT_LOOP_DELAY {json}`, in milliseconds) and starts again. Worker threads are left alone.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

export const PROBE_PREFIX = 'EVENT_LOOP_DELAY '

if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  delay.enable()
  const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10
  process.on('SIGUSR2', () => {
    const figures = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max), mean: ms(delay.mean) }
    process.stdout.write(`${PROBE_PREFIX}${JSON.stringify(figures)}\n`)
    delay.reset()
  })
}
