import { inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { packages } from '../db/schema.ts'
import { createNotifications } from '../notifications/create.ts'
import type { LearnerPackage } from '../progress/records.ts'
import { markCompletedWhereDone } from './completion.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The learner's link to a package: the viewer. */
export const packageLink = (packageId: number) => `/topics/${packageId}`

/**
 * What follows every new assignment, however it was made (directly, through a group, on joining one), in the
 * caller's transaction: the learner is told in the app, and a package they had already finished (progress outlives
 * an assignment) is completed at once.
 */
export async function onNewAssignments(tx: Db | Tx, pairs: readonly LearnerPackage[], now: Date): Promise<void> {
  if (!pairs.length) return
  const titles = new Map(
    (
      await tx
        .select({ id: packages.id, title: packages.title })
        .from(packages)
        .where(inArray(packages.id, [...new Set(pairs.map((p) => p.packageId))]))
    ).map((p) => [p.id, p.title]),
  )
  await createNotifications(
    tx,
    pairs.map(({ userId, packageId }) => {
      const title = titles.get(packageId) ?? 'a package'
      return {
        userId,
        kind: 'assigned' as const,
        title: `New package: ${title}`,
        body: `"${title}" has been assigned to you. You can find it in My Learning Packages.`,
        link: packageLink(packageId),
      }
    }),
    now,
  )
  await markCompletedWhereDone(tx, pairs, now)
}
