import { DEFAULT_CURRENCY } from '../../contract/rules.ts'
import { formatDate } from './dates.ts'

/** The one date format: '05 Jan 2025, 03:30 PM'. */
export const formatDateTime = (value: string | Date | null | undefined) => (value ? formatDate(value, 'DD MMM YYYY, hh:mm A') : '')

const moneyFormats = new Map<string, Intl.NumberFormat>()
function moneyFormat(currency: string) {
  let format = moneyFormats.get(currency)
  if (!format) {
    // Rupees group the Indian way (₹1,00,000.00); other currencies the international way.
    const locale = currency === 'INR' ? 'en-IN' : 'en-US'
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 })
    moneyFormats.set(currency, format)
  }
  return format
}

/**
 * The one money format, used on every screen through <Money>: the deployment's currency (₹ unless CURRENCY names
 * another), and 'Free' for a price of 0. Prices arrive as exact decimal strings.
 */
export function formatMoney(value: string | number | null | undefined, currency: string = DEFAULT_CURRENCY) {
  if (value === null || value === undefined || value === '') return ''
  const amount = Number(value)
  return amount === 0 ? 'Free' : moneyFormat(currency).format(amount)
}

/** A test score: whole marks as they are, partial marks with one decimal ('7', '6.5'). */
export const formatScore = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1))
