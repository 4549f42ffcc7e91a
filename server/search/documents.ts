import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/**
 * What full-text search reads of a row: the words of its title and, where it has one, its description. The
 * migration indexes exactly these expressions (GIN), so a query must build them the same way to use the index.
 * 'simple' keeps every word as written (no stemming, no stop words), so prefixes of any language match.
 */
export const searchDocument = (title: AnyPgColumn, description?: AnyPgColumn): SQL =>
  description ? sql`to_tsvector('simple', ${title} || ' ' || ${description})` : sql`to_tsvector('simple', ${title})`
