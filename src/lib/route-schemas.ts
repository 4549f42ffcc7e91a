/**
 * Parsers for route params and search. They sit in route options (params, validateSearch) that load up
 * front with the router, so they are a few plain functions instead of zod, whose build would cost more than
 * the whole landing screen. Each has zod's `parse`/`safeParse` shape, so route files read the same way.
 */
import { notFound, type SearchSchemaInput } from '@tanstack/react-router'
import { safeReturnPath } from './return-path.ts'

type Result<T> = { success: true; data: T } | { success: false }

export interface RouteParser<T> {
  /** The value, or throws for input that is not one. */
  parse(input: unknown): T
  safeParse(input: unknown): Result<T>
}

class InvalidRouteValue extends Error {}

function parser<T>(read: (input: unknown) => T): RouteParser<T> {
  return {
    parse: read,
    safeParse(input) {
      try {
        return { success: true, data: read(input) }
      } catch (err) {
        if (err instanceof InvalidRouteValue) return { success: false }
        throw err
      }
    },
  }
}

const invalid = (): never => {
  throw new InvalidRouteValue('Invalid route value')
}

/** A database id in a URL: a positive whole number within PostgreSQL's integer. */
export const routeId = parser((input) => {
  const value = typeof input === 'string' && /^\d{1,10}$/.test(input.trim()) ? Number(input) : typeof input === 'number' ? input : NaN
  return Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : invalid()
})

/** A list of `item`s, `min` to `max` long. */
export const listOf = <T>(item: RouteParser<T>, min: number, max: number) =>
  parser((input) => (Array.isArray(input) && input.length >= min && input.length <= max ? input.map((v) => item.parse(v)) : invalid()))

/** An object whose keys are each read by their own parser (search params: unknown keys are dropped). Its input
 * is typed as a plain record, so links may leave every key out. */
export const objectOf = <Shape extends Record<string, RouteParser<unknown>>>(shape: Shape) => {
  type Out = { [K in keyof Shape]: Shape[K] extends RouteParser<infer V> ? V : never }
  const inner = parser((input) => {
    const source = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>
    return Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, field.parse(source[key])])) as Out
  })
  // A function (TanStack Router calls it as validateSearch), with safeParse for params parsing.
  // Typed with every key optional, so links and redirects may leave them out.
  return Object.assign((input: { [K in keyof Out]?: Out[K] } & SearchSchemaInput): Out => inner.parse(input), {
    safeParse: (input: Record<string, unknown>) => inner.safeParse(input),
  })
}

/** Free text in the search params: at most 200 characters, '' when missing or unreadable. */
export const searchText = parser((input) => (typeof input === 'string' && input.length <= 200 ? input : ''))

/** Optional text of at most `max` characters (a mail link's token or address). */
export const optionalText = (max: number) => parser((input) => (typeof input === 'string' && input.length <= max ? input : undefined))

/** One of `options`; `fallback` when missing or unknown. */
export const searchChoice = <T extends string>(options: readonly T[], fallback: T, aliases: Readonly<Record<string, T>> = {}) =>
  parser((input) => {
    if (typeof input !== 'string') return fallback
    if ((options as readonly string[]).includes(input)) return input as T
    return Object.hasOwn(aliases, input) ? aliases[input]! : fallback
  })

/** One of `options`, or undefined when missing or unknown (so the default never shows in the URL). */
export const optionalChoice = <T extends string>(options: readonly T[]) =>
  parser((input) => (typeof input === 'string' && (options as readonly string[]).includes(input) ? (input as T) : undefined))

const pageNumber = (input: unknown) => {
  const value = typeof input === 'string' ? Number(input) : input
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : undefined
}

/** `?page=` as people read it: 1-based, 1 when missing or unreadable. */
export const searchPage = parser((input) => pageNumber(input) ?? 1)

/** An optional 1-based page; dropped when unreadable. */
export const searchOptionalPage = parser(pageNumber)

/** An optional id in the search params; dropped when unreadable. */
export const searchId = parser((input) => (routeId.safeParse(input).success ? routeId.parse(input) : undefined))

/**
 * `params` of a route whose `$key` segment is one database id: `/package/$id` → `idParams('id')`. An id that
 * is not one shows the route's not-found view. Every route with an id in its path uses this.
 */
export function idParams<K extends string>(key: K) {
  return {
    parse: (params: Record<K, string>) => {
      const parsed = routeId.safeParse(params[key])
      if (!parsed.success) throw notFound()
      return { [key]: parsed.data } as Record<K, number>
    },
    stringify: (params: Record<K, number>) => ({ [key]: String(params[key]) }) as Record<K, string>,
  }
}

const idList = listOf(routeId, 1, 500)

/**
 * `params` of a route whose `$key` segment is a comma-separated list of ids: '12' or '3,7,12' → [3, 7, 12] in
 * the order given, duplicates dropped. Anything else shows the route's not-found view.
 */
export function idListParams<K extends string>(key: K) {
  return {
    parse: (params: Record<K, string>) => {
      const parsed = idList.safeParse(params[key].split(',').map((part) => part.trim()))
      if (!parsed.success) throw notFound()
      return { [key]: [...new Set(parsed.data)] } as Record<K, number[]>
    },
    stringify: (params: Record<K, number[]>) => ({ [key]: params[key].join(',') }) as Record<K, string>,
  }
}

/** `?redirect=`: a path inside the app to return to after signing in (src/lib/return-path.ts); dropped otherwise. */
export const searchReturnPath = parser(safeReturnPath)
