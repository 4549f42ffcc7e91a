// The learner's first screens format dates here rather than with dayjs (about 3 kB gzip on each of them); the output
// is dayjs's for the same formats (tests/spa/dates.test.tsx compares the two), in local time.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number) => String(n).padStart(2, '0')

/** The formats the app shows: '5 Jan', '5 Jan 2025', '05 Jan 2025' and '05 Jan 2025, 03:30 PM'. */
export type DateFormat = 'D MMM' | 'D MMM YYYY' | 'DD MMM YYYY' | 'DD MMM YYYY, hh:mm A'

/** A date as dayjs reads one: a date alone ('2025-01-05') is local midnight (`new Date` would take UTC's). */
export function toDate(value: string | Date): Date {
  if (value instanceof Date) return new Date(value.getTime())
  const dateOnly = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value)
  return dateOnly ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3])) : new Date(value)
}

/** `value` in `format`, local time; 'Invalid Date' for a value that is not a date, as dayjs says. */
export function formatDate(value: string | Date, format: DateFormat): string {
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return 'Invalid Date'
  const day = format.startsWith('DD') ? pad(date.getDate()) : String(date.getDate())
  const dayMonth = `${day} ${MONTHS[date.getMonth()]}`
  if (format === 'D MMM') return dayMonth
  const withYear = `${dayMonth} ${date.getFullYear()}`
  if (format !== 'DD MMM YYYY, hh:mm A') return withYear
  const hours = date.getHours()
  return `${withYear}, ${pad(hours % 12 || 12)}:${pad(date.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`
}

/** The year of a date as `toDate` reads it. */
export const yearOf = (value: string | Date) => toDate(value).getFullYear()
