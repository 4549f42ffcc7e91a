import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { removeStaleSheetFiles } from './stale-sheet-files.ts'

const WORKSHEET =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>'

/** The id of a process that has ended. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  expect(child.status).toBe(0)
  return child.pid!
}

describe('removeStaleSheetFiles', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'learnpack-stale-sheets-'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("removes worksheets an ended process's reader left in the temporary folder, and nothing else", async () => {
    const ended = endedPid()
    const write = (name: string, content: string) => {
      writeFileSync(path.join(dir, name), content)
      return path.join(dir, name)
    }
    const stale = write(`tmp-${ended}-abcdefABCDEF`, WORKSHEET)
    const running = write(`tmp-${process.pid}-abcdefABCDEF`, WORKSHEET)
    const notASheet = write(`tmp-${ended}-ghijklGHIJKL`, 'somebody else’s data')
    const otherName = write('report.xml', WORKSHEET)

    expect(await removeStaleSheetFiles(dir)).toBe(1)
    expect(existsSync(stale)).toBe(false)
    expect([running, notASheet, otherName].filter(existsSync)).toEqual([running, notASheet, otherName])
  })
})
