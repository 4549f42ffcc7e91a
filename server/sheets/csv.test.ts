import { AppError } from '../http/errors.ts'
import { readCsvRows } from './csv.ts'

const LIMIT = { maxRows: 3, message: 'Too many rows' }
const read = (text: string | Buffer) => readCsvRows(Buffer.isBuffer(text) ? text : Buffer.from(text), LIMIT)

describe('readCsvRows', () => {
  it('numbers rows as a spreadsheet shows them: blank lines count and are left out; a quoted cell with line breaks is one row', () => {
    expect(read('A,B\r\n"x\r\ny",1\r\n\r\n  , \r\nz,"2, 3"\n')).toEqual({
      header: ['A', 'B'],
      rows: [
        { rowNumber: 2, cells: ['x\r\ny', '1'] },
        { rowNumber: 5, cells: ['z', '2, 3'] },
      ],
    })
  })

  it('takes a byte order mark, CR line ends, and semicolons when the header has them and no comma', () => {
    expect(read(Buffer.from('\uFEFFA;B\rx;"1;2"\ry,z;3'))).toEqual({
      header: ['A', 'B'],
      rows: [
        { rowNumber: 2, cells: ['x', '1;2'] },
        { rowNumber: 3, cells: ['y,z', '3'] },
      ],
    })
  })

  it('stops past the row limit with its message', () => {
    expect(() => read('A\n1\n2\n3\n')).not.toThrow()
    let refusal: unknown
    try {
      read('A\n1\n2\n3\n4\n')
    } catch (err) {
      refusal = err
    }
    expect(refusal).toBeInstanceOf(AppError)
    expect(refusal).toMatchObject({ status: 400, message: 'Too many rows' })
  })

  it('refuses text that is not UTF-8, and a quote left open, naming why', () => {
    expect(() => read(Buffer.from([0x41, 0x0a, 0xe9, 0x0a]))).toThrow(/not UTF-8 text/)
    expect(() => read('A,B\n"open,1\n')).toThrow(/^The file is not a readable CSV file: Quote Not Closed/)
  })
})
