import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { emailTokens } from '../db/schema.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type EmailTokenPurpose = 'verify' | 'reset' | 'invite'
export const TOKEN_TTL_MS = { verify: 24 * 3_600_000, reset: 3_600_000, invite: 7 * 24 * 3_600_000 } as const

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')
/** Rows one insert carries (four parameters each). */
const INSERT_CHUNK = 1000

/** Issues a random single-use token; only its hash is stored. Earlier unused tokens of the same purpose stop working. */
export async function issueEmailToken(db: Db | Tx, userId: number, purpose: EmailTokenPurpose, now: Date): Promise<string> {
  return (await issueEmailTokens(db, [userId], purpose, now)).get(userId)!
}

/** issueEmailToken for many accounts at once (an import's invitations): a token per user id, in a few statements. */
export async function issueEmailTokens(
  db: Db | Tx,
  userIds: readonly number[],
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<Map<number, string>> {
  const tokens = new Map(userIds.map((userId) => [userId, randomBytes(32).toString('base64url')]))
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS[purpose])
  const ids = [...tokens.keys()]
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    const chunk = ids.slice(i, i + INSERT_CHUNK)
    await db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(inArray(emailTokens.userId, chunk), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
    await db.insert(emailTokens).values(chunk.map((userId) => ({ userId, purpose, tokenHash: sha256(tokens.get(userId)!), expiresAt })))
  }
  return tokens
}

/** Marks the token used and answers its user id; null when it is unknown, used or expired. */
export async function consumeEmailToken(db: Db | Tx, token: string, purpose: EmailTokenPurpose, now: Date): Promise<number | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId })
  return row?.userId ?? null
}
