import dayjs from 'dayjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDate, type DateFormat } from '../../src/lib/dates.ts'
import { shortDate } from '../../src/lib/due-words.ts'
import { formatDateTime } from '../../src/lib/format.ts'

const FORMATS: DateFormat[] = ['D MMM', 'D MMM YYYY', 'DD MMM YYYY', 'DD MMM YYYY, hh:mm A']
const VALUES: (string | Date)[] = [
  '2025-01-05T15:30:00.000Z',
  '2025-01-05T00:00:00.000Z',
  '2024-12-31T23:59:59.999Z',
  '2026-07-09T12:00:00Z',
  '2026-07-09T00:07:00',
  '2026-07-09T12:45:00',
  '2025-03-01',
  '2027-11-30',
  new Date(2026, 1, 3, 0, 5),
  new Date(2026, 1, 3, 12, 5),
  new Date(2026, 9, 23, 23, 59),
]

// West of UTC, where a date alone read as UTC would land on the day before.
for (const zone of ['America/New_York', 'Asia/Kolkata', 'UTC']) {
  describe(`dates in ${zone}`, () => {
    const before = process.env.TZ
    beforeAll(() => {
      process.env.TZ = zone
    })
    afterAll(() => {
      process.env.TZ = before
    })

    it('formats every value as dayjs does, in each format', () => {
      for (const value of VALUES)
        for (const format of FORMATS) expect(formatDate(value, format), `${String(value)} as ${format}`).toBe(dayjs(value).format(format))
    })

    it('reads a date alone as that day, and says Invalid Date for what is not a date', () => {
      expect(formatDate('2025-03-01', 'DD MMM YYYY')).toBe('01 Mar 2025')
      expect(formatDate('not a date', 'D MMM')).toBe('Invalid Date')
      expect(formatDateTime('2026-07-09T12:45:00')).toBe('09 Jul 2026, 12:45 PM')
      expect(formatDateTime('2026-07-09T00:07:00')).toBe('09 Jul 2026, 12:07 AM')
      expect(formatDateTime(null)).toBe('')
    })

    it('leaves the year out of a short date in the current year only', () => {
      const now = new Date(2026, 5, 1)
      expect(shortDate('2026-12-03T10:00:00', now)).toBe('3 Dec')
      expect(shortDate('2027-01-03T10:00:00', now)).toBe('3 Jan 2027')
    })
  })
}
