// The part of autocannon's API bench/package-tree.ts uses (autocannon ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    total: number
    p50: number
    p90: number
    p99: number
  }
  export interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    timeout?: number
    method?: string
    body?: string
    headers?: Record<string, string>
    title?: string
  }
  export interface Result {
    title?: string
    url: string
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }
  /** A running benchmark: awaitable for its result, and an event emitter ('reqError', 'response', 'done' …). */
  export interface Instance extends PromiseLike<Result> {
    on(event: 'reqError', listener: (error: Error) => void): this
  }
  function autocannon(options: Options): Instance
  export default autocannon
}
