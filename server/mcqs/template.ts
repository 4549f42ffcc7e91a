import { EXPLANATION_HEADER, TEMPLATE_HEADERS, TEMPLATE_SAMPLE, type SheetKind } from '../../contract/mcq-import.ts'

export const TEMPLATE_FILE: Record<SheetKind, { file: string; sheet: string }> = {
  plain: { file: 'mcq-template.xlsx', sheet: 'MCQs' },
  withSubTopic: { file: 'mcq-template-with-subtopic.xlsx', sheet: 'MCQsWithSubTopic' },
}

/** The downloadable template: the header row and one sample row, options A to D, then the optional explanation. */
export async function buildTemplate(kind: SheetKind): Promise<Buffer> {
  // Loaded on first use: most processes never build a sheet, and exceljs costs start-up time and memory.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet(TEMPLATE_FILE[kind].sheet)
  sheet.addRow(TEMPLATE_HEADERS[kind])
  sheet.addRow(TEMPLATE_SAMPLE[kind])
  sheet.getRow(1).font = { bold: true }
  const headers = TEMPLATE_HEADERS[kind]
  const wide = new Set([headers.indexOf('Question'), headers.indexOf(EXPLANATION_HEADER)])
  sheet.columns.forEach((column, i) => {
    column.width = Math.max(12, (headers[i] ?? '').length + 4, wide.has(i) ? 40 : 0)
  })
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
