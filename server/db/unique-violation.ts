/** A write refused by a unique index (PostgreSQL 23505), as node-postgres and PGlite raise it, also wrapped by drizzle. */
export const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code
  return code === '23505'
}
