/**
 * Benchmark: a 10,000-row user import previewed through the real server (POST /api/user/import?dryRun=true, end to
 * end: upload, checks, parsing in the sheet worker, every row rule, the whole transaction run and rolled back)
 * next to a bare parse of the same file in this process, for an .xlsx and a .csv file; and the server's own
 * event-loop delay while the dry runs run (perf_hooks.monitorEventLoopDelay inside the server, see
 * bench/event-loop-probe.ts).
 *
 *   npm run bench:import-users    (or: node bench/import-users.ts, with Node 24)
 *
 * Options through the environment: BENCH_ROWS (10000), BENCH_REPEAT (3). See bench/README.md.
 */
import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import { USER_IMPORT_COLUMNS } from '../contract/user-import.ts'
import { DATABASE_LABEL, api, median, startServer, type RunningServer } from './support.ts'
import { PROBE_PREFIX } from './event-loop-probe.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3)
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const PACKAGES = ['Safety basics', 'Data protection', 'Code of conduct', 'First aid', 'Fire drill']

interface Summary {
  rows: number
  created: number
  errors: unknown[]
}

/** Rows like an organisation's: every person new, in one of 20 groups, with one or two packages by title. */
function people(): string[][] {
  return Array.from({ length: ROWS }, (_, i) => [
    `person.${i + 1}@example.com`,
    `Person Number ${i + 1}`,
    i % 50 === 0 ? 'Admin' : 'Learner',
    `Team ${i % 20}${i % 7 === 0 ? ', Managers' : ''}`,
    i % 3 === 0 ? `${PACKAGES[i % 5]}, ${PACKAGES[(i + 1) % 5]}` : PACKAGES[i % 5]!,
  ])
}

async function buildXlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Users')
  sheet.addRow([...USER_IMPORT_COLUMNS])
  for (const row of rows) sheet.addRow(row)
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

function buildCsv(rows: string[][]): Buffer {
  const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
  return Buffer.from(`${[[...USER_IMPORT_COLUMNS], ...rows].map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`)
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

/** What the server's probe measured since the last call (the first call only starts the measurement). */
async function loopDelay(server: RunningServer): Promise<{ p50: number; p99: number; max: number; mean: number }> {
  const before = server.output().split(PROBE_PREFIX).length
  server.child.kill('SIGUSR2')
  const deadline = Date.now() + 10_000
  while (server.output().split(PROBE_PREFIX).length === before) {
    if (Date.now() > deadline) throw new Error('The server printed no event-loop figures (was bench/event-loop-probe.ts loaded?)')
    await new Promise((r) => setTimeout(r, 20))
  }
  return JSON.parse(server.output().split(PROBE_PREFIX).at(-1)!.split('\n')[0]!)
}

async function main() {
  const rows = people()
  const files = { xlsx: await buildXlsx(rows), csv: buildCsv(rows) }
  console.log(`Files: ${ROWS} rows; .xlsx ${(files.xlsx.length / 1024).toFixed(0)} KiB, .csv ${(files.csv.length / 1024).toFixed(0)} KiB.`)
  const server = await startServer({ env: { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ./bench/event-loop-probe.ts` } })
  try {
    console.log(`Server up on ${server.base} (${DATABASE_LABEL}, Node ${process.version}).`)
    for (const title of PACKAGES)
      await api(
        server.base,
        'POST',
        '/api/packages/createPackage',
        {
          title,
          description: 'Created by a benchmark',
          price: '1.00',
          skills: [{ title: `${title} skill`, description: 'Skill', price: '1.00' }],
        },
        server.token,
      )

    const dryRun = async (format: 'xlsx' | 'csv') => {
      const body = new FormData()
      const type = format === 'xlsx' ? XLSX_TYPE : 'text/csv'
      body.append('file', new Blob([new Uint8Array(files[format])], { type }), `people.${format}`)
      const res = await fetch(`${server.base}/api/user/import?dryRun=true`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}` },
        body,
      })
      const json = (await res.json()) as { data?: Summary; message?: string }
      if (!res.ok) throw new Error(`The dry run answered ${res.status}: ${json.message}`)
      if (json.data!.created !== ROWS || json.data!.errors.length)
        throw new Error(`Unexpected preview: ${JSON.stringify(json.data).slice(0, 300)}`)
    }
    const parseFile = {
      xlsx: async () => {
        const workbook = new ExcelJS.Workbook()
        await workbook.xlsx.load(files.xlsx as unknown as ArrayBuffer)
        if (workbook.worksheets[0]!.actualRowCount !== ROWS + 1) throw new Error('exceljs read the wrong number of rows')
      },
      csv: async () => {
        if (parse(files.csv, { bom: true }).length !== ROWS + 1) throw new Error('csv-parse read the wrong number of rows')
      },
    }

    const table: Record<string, Record<string, string | number>> = {}
    const ratios: string[] = []
    for (const format of ['xlsx', 'csv'] as const) {
      // A warm-up of each (JIT, the sheet worker's start and its exceljs load); not counted.
      await parseFile[format]()
      await dryRun(format)
      const parses: number[] = []
      const runs: number[] = []
      await loopDelay(server)
      for (let i = 0; i < REPEAT; i++) {
        parses.push(await time(parseFile[format]))
        runs.push(await time(() => dryRun(format)))
      }
      const delay = await loopDelay(server)
      const parse50 = median(parses)
      const run50 = median(runs)
      table[`${format}: bare parse (in process)`] = { 'median ms': Math.round(parse50), runs: parses.map(Math.round).join(' / ') }
      table[`${format}: dry run through the API`] = { 'median ms': Math.round(run50), runs: runs.map(Math.round).join(' / ') }
      table[`${format}: server event-loop delay during the dry runs`] = {
        'median ms': delay.p50,
        runs: `p99 ${delay.p99} ms, max ${delay.max} ms, mean ${delay.mean} ms`,
      }
      ratios.push(
        `${format}: ratio dry run/parse ${(run50 / parse50).toFixed(2)}; ${Math.round(ROWS / (run50 / 1000))} rows/s through the API`,
      )
    }
    console.table(table)
    for (const line of ratios) console.log(line)
  } catch (err) {
    console.error(`Server output:\n${server.output()}`)
    throw err
  } finally {
    await server.stop()
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exitCode = 1
})
