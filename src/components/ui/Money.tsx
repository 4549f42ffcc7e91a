import { useQuery } from '@tanstack/react-query'
import { DEFAULT_CURRENCY } from '../../../contract/rules.ts'
import { formatMoney } from '../../lib/format.ts'
import { publicConfigQueryOptions } from '../../queries/config.ts'

/** A price in the deployment's currency (from the public settings), or 'Free'. */
export function Money({ value }: { value: string | number | null | undefined }) {
  const { data: config } = useQuery(publicConfigQueryOptions())
  return <>{formatMoney(value, config?.currency ?? DEFAULT_CURRENCY)}</>
}
