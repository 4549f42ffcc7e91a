/**
 * The first module server/index.ts evaluates. On Linux it restarts the process in place (`process.execve`: the same
 * pid, arguments and standard streams) with settings that keep an idle server's memory low, before anything else has
 * loaded. Measured with the embedded database and the demo data, idle after a restart: 376–395 MB resident without
 * them, 253–257 MB with them (README, Memory).
 *
 * - `--max-semi-space-size=8`: V8 sizes the young generation from the machine's memory (it grew to 128 MB on a 24 GB
 *   machine) and keeps what it grew to; 8 MB semi-spaces collect young garbage more often instead (4 MB saved no
 *   more memory idle and cost more CPU under load).
 * - glibc's malloc keeps freed blocks and one arena per thread that allocated: the WebAssembly compile of the
 *   embedded database and start-up work leave ~100 MB of such free memory resident. Two arenas and returning blocks
 *   over 128 KiB to the system at once keep it small.
 *
 * Flags and variables already set win. `MEMORY_TUNING=off` leaves the process as started; so does `node --watch`
 * (its child reports to the watcher, which a restart would cut off).
 */
const APPLIED = 'LEARNPACK_MEMORY_TUNING_APPLIED'

const wanted = process.platform === 'linux' && process.env.MEMORY_TUNING !== 'off' && !process.env[APPLIED]
if (wanted && !process.env.WATCH_REPORT_DEPENDENCIES && typeof process.execve === 'function') {
  const flags = process.execArgv.some((flag) => flag.startsWith('--max-semi-space-size')) ? [] : ['--max-semi-space-size=8']
  process.execve(process.execPath, [process.execPath, ...flags, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    [APPLIED]: '1',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
    MALLOC_TRIM_THRESHOLD_: process.env.MALLOC_TRIM_THRESHOLD_ ?? '131072',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  })
}
