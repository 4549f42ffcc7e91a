import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { intArray, textArray } from '../db/bulk.ts'
import { emailTokens } from '../db/schema.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type EmailTokenPurpose = 'verify' | 'reset' | 'invite'
export const TOKEN_TTL_MS = { verify: 24 * 3_600_000, reset: 3_600_000, invite: 7 * 24 * 3_600_000 } as const

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

/** Issues a random single-use token; only its hash is stored. Earlier unused tokens of the same purpose stop working. */
export async function issueEmailToken(db: Db | Tx, userId: number, purpose: EmailTokenPurpose, now: Date): Promise<string> {
  return (await issueEmailTokens(db, [userId], purpose, now)).get(userId)!
}

/** issueEmailToken for many accounts at once (an import's invitations): a token per user id, in two statements. */
export async function issueEmailTokens(
  db: Db | Tx,
  userIds: readonly number[],
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<Map<number, string>> {
  const tokens = new Map(userIds.map((userId) => [userId, randomBytes(32).toString('base64url')]))
  if (!tokens.size) return tokens
  const ids = [...tokens.keys()]
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[purpose])
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(sql`${emailTokens.userId} = any(${intArray(ids)})`, eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
  await db.execute(sql`
    insert into email_tokens (user_id, purpose, token_hash, expires_at)
    select v.user_id, ${purpose}, v.token_hash, ${expiresAt.toISOString()}::timestamptz
    from unnest(${intArray(ids)}, ${textArray(ids.map((id) => sha256(tokens.get(id)!)))}) as v(user_id, token_hash)`)
  return tokens
}

/** A token of this purpose, unused and unexpired. */
const usable = (token: string, purpose: EmailTokenPurpose, now: Date) =>
  and(
    eq(emailTokens.tokenHash, sha256(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  )

/** The user id of a token that still works, leaving it unused; null when it is unknown, used or expired. */
export async function emailTokenUser(db: Db | Tx, token: string, purpose: EmailTokenPurpose, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(usable(token, purpose, now))
  return row?.userId ?? null
}

/** Marks the token used and answers its user id; null when it is unknown, used or expired. */
export async function consumeEmailToken(db: Db | Tx, token: string, purpose: EmailTokenPurpose, now: Date): Promise<number | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(usable(token, purpose, now))
    .returning({ userId: emailTokens.userId })
  return row?.userId ?? null
}
