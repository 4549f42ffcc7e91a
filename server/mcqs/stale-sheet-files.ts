import { open, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

/** How exceljs's temporary files were named: tmp-<process id>-<12 random characters>. */
const SHEET_FILE = /^tmp-(\d+)-[A-Za-z0-9]{12}$/

/**
 * Removes the worksheets that earlier versions' spreadsheet reader parked in the system's temporary folder and
 * never removed (a stopped read, or a killed process, left them for good): files named as it named them, of a
 * process that no longer runs, holding worksheet XML. Anything else there is left alone. Answers how many went.
 */
export async function removeStaleSheetFiles(dir = tmpdir()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[])
  let removed = 0
  for (const name of names) {
    const pid = SHEET_FILE.exec(name)?.[1]
    if (!pid || isRunning(Number(pid))) continue
    const file = path.join(dir, name)
    if (!(await holdsWorksheet(file))) continue
    await rm(file, { force: true })
    removed++
  }
  return removed
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' // running, as another user
  }
}

async function holdsWorksheet(file: string): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => undefined)
  if (!handle) return false
  try {
    if (!(await handle.stat()).isFile()) return false
    const start = Buffer.alloc(1024)
    const { bytesRead } = await handle.read(start, 0, start.length, 0)
    return start.subarray(0, bytesRead).toString('utf8').includes('<worksheet')
  } finally {
    await handle.close()
  }
}
