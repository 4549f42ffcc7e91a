import { notFound } from '@tanstack/react-router'
import { routeId as id } from '../../lib/route-schemas.ts'

/** `$id` params of the package routes: a positive whole number, or the route's 'Package not found' view. Kept light: route configs load up front. */
export const packageIdParams = {
  parse: ({ id: raw }: { id: string }) => {
    const parsed = id.safeParse(raw)
    if (!parsed.success) throw notFound()
    return { id: parsed.data }
  },
  stringify: ({ id: value }: { id: number }) => ({ id: String(value) }),
}
