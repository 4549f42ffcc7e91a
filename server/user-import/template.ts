import { USER_IMPORT_COLUMNS, USER_IMPORT_COLUMN_HELP } from '../../contract/user-import.ts'

/**
 * The downloadable template: a 'Users' sheet with the header row only (so the file imports as it is, with no
 * example account in it), then a 'How to fill' sheet saying what each column takes, with an example.
 */
export async function buildUserImportTemplate(): Promise<Buffer> {
  // Loaded on first use: most processes never build a sheet, and exceljs costs start-up time and memory.
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const users = workbook.addWorksheet('Users')
  users.addRow([...USER_IMPORT_COLUMNS])
  users.getRow(1).font = { bold: true }
  users.columns.forEach((column, i) => {
    column.width = USER_IMPORT_COLUMNS[i] === 'Name' || USER_IMPORT_COLUMNS[i] === 'Email' ? 32 : 24
  })
  const help = workbook.addWorksheet('How to fill')
  help.addRow(['Column', 'What it takes', 'Example'])
  help.getRow(1).font = { bold: true }
  for (const column of USER_IMPORT_COLUMNS)
    help.addRow([column, USER_IMPORT_COLUMN_HELP[column].takes, USER_IMPORT_COLUMN_HELP[column].example])
  help.addRow([])
  help.addRow(['', 'Importing a file again adds what is new and removes nothing. New accounts get an invitation e-mail to set a password.'])
  help.columns = [{ width: 12 }, { width: 90 }, { width: 28 }]
  help.getColumn(2).alignment = { wrapText: true, vertical: 'top' }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
