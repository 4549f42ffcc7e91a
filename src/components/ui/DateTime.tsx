import { formatDateTime } from '../../lib/format.ts'

const nowrap = { whiteSpace: 'nowrap' } as const

/** '05 Jan 2025, 03:30 PM' (docs/product.md#content), breaking only between the date and the time on narrow screens. */
export function DateTime({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(', ')
  if (!time) return <span style={nowrap}>{date}</span>
  return (
    <>
      <span style={nowrap}>{date},</span> <span style={nowrap}>{time}</span>
    </>
  )
}
