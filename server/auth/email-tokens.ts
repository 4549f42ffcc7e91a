import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { emailTokens } from '../db/schema.ts'

export type EmailTokenPurpose = 'verify' | 'reset'
export const TOKEN_TTL_MS = { verify: 24 * 3_600_000, reset: 3_600_000 } as const

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

/** Issues a random single-use token; only its hash is stored. Earlier unused tokens of the same purpose stop working. */
export async function issueEmailToken(db: Db, userId: number, purpose: EmailTokenPurpose, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)))
  await db
    .insert(emailTokens)
    .values({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]) })
  return token
}

/** Marks the token used and answers its user id; null when it is unknown, used or expired. */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now: Date): Promise<number | null> {
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
