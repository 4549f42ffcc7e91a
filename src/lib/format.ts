import dayjs from 'dayjs'

/** The one date format: '05 Jan 2025, 03:30 PM'. */
export const formatDateTime = (value: string | Date | null | undefined) => (value ? dayjs(value).format('DD MMM YYYY, hh:mm A') : '')

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** The one money format (₹), used on every screen. Prices arrive as exact decimal strings. */
export const formatMoney = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '' : rupees.format(Number(value))

/** A test score: whole marks as they are, partial marks with one decimal ('7', '6.5'). */
export const formatScore = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1))
