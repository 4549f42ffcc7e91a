/**
 * Benchmark: importing a 5,000-row MCQ spreadsheet through the real server (POST /api/mcqs/uploadExcel, end to
 * end: upload, checks, parsing, every row rule, one transaction of inserts) next to exceljs merely reading the
 * same file in this process, in the same run.
 *
 *   npm run bench:import          (or: node bench/import.ts, with Node 24)
 *
 * Options through the environment: BENCH_ROWS (5000), BENCH_REPEAT (3). See bench/README.md.
 */
import ExcelJS from 'exceljs'
import { TEMPLATE_HEADERS } from '../contract/mcq-import.ts'
import { DATABASE_LABEL, createSubTopics, median, startServer } from './support.ts'

const ROWS = Number(process.env.BENCH_ROWS ?? 5000)
const REPEAT = Number(process.env.BENCH_REPEAT ?? 3)
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** A sheet like an admin's: the template header, then questions with 2–4 options, some numeric, some with several answers. */
async function buildSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('MCQs')
  sheet.addRow(TEMPLATE_HEADERS.plain)
  for (let i = 1; i <= ROWS; i++) {
    const options =
      i % 4 === 0
        ? [i, i + 1]
        : i % 4 === 1
          ? [`${i} apples`, `${i + 1} apples`, `${i + 2} apples`]
          : [`Option one for ${i}`, `Option two for ${i}`, i * 3, `None of these (${i})`]
    const correct = i % 3 === 0 ? 'A, B' : i % 2 ? 'b' : 'A'
    sheet.addRow([`Question ${i}: which of these describes item number ${i} of the benchmark bank best?`, correct, ...options])
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

async function main() {
  const file = await buildSheet()
  console.log(`Spreadsheet: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KiB.`)
  const server = await startServer()
  try {
    console.log(`Server up on ${server.base} (${DATABASE_LABEL}, Node ${process.version}).`)
    const subTopicIds = await createSubTopics(server, REPEAT + 1)

    const upload = async (subTopicId: number) => {
      const body = new FormData()
      body.append('subTopicId', String(subTopicId))
      body.append('file', new Blob([new Uint8Array(file)], { type: XLSX_TYPE }), 'bench.xlsx')
      const res = await fetch(`${server.base}/api/mcqs/uploadExcel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}` },
        body,
      })
      const json = (await res.json()) as { data?: { uploaded: number; skipped: number }; message?: string }
      if (!res.ok) throw new Error(`Import answered ${res.status}: ${json.message}`)
      return json.data!
    }
    const read = async () => {
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.load(file as unknown as ArrayBuffer)
      if (workbook.worksheets[0]!.actualRowCount !== ROWS + 1) throw new Error('exceljs read the wrong number of rows')
    }

    // A warm-up of each (JIT, the server's first exceljs load); not counted.
    await read()
    const warm = await upload(subTopicIds[REPEAT]!)
    if (warm.uploaded !== ROWS) throw new Error(`Warm-up import stored ${warm.uploaded} of ${ROWS}`)

    const reads: number[] = []
    const imports: number[] = []
    for (let i = 0; i < REPEAT; i++) {
      reads.push(await time(read))
      let result: { uploaded: number; skipped: number } | undefined
      imports.push(await time(async () => (result = await upload(subTopicIds[i]!))))
      if (result!.uploaded !== ROWS) throw new Error(`Import stored ${result!.uploaded} of ${ROWS}`)
    }
    let again: { uploaded: number; skipped: number } | undefined
    const reimport = await time(async () => (again = await upload(subTopicIds[0]!)))
    if (again!.uploaded !== 0 || again!.skipped !== ROWS) throw new Error(`Re-import: ${JSON.stringify(again)}`)

    const read50 = median(reads)
    const import50 = median(imports)
    console.table({
      'exceljs reads the file (in process)': { 'median ms': Math.round(read50), runs: reads.map(Math.round).join(' / ') },
      'import through the API': { 'median ms': Math.round(import50), runs: imports.map(Math.round).join(' / ') },
      're-import (every row a duplicate)': { 'median ms': Math.round(reimport), runs: String(Math.round(reimport)) },
    })
    console.log(
      `ratio import/read: ${(import50 / read50).toFixed(2)} (the import takes ${(import50 / read50).toFixed(2)}× the time exceljs needs to read the file)`,
    )
    console.log(`rows per second through the API: ${Math.round(ROWS / (import50 / 1000))}`)
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
