import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { Package, packageInput } from '../../contract/content.ts'
import type { z } from 'zod'
import type { Db } from '../db/client.ts'
import { packages, skills } from '../db/schema.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertPackageAccess } from '../auth/access.ts'
import { deleteFiles, fileKeysUnder } from '../files/service.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { noMedia, toPackage, type Signer } from '../content/mappers.ts'
import { packageTree } from '../content/tree-query.ts'

type PackageData = z.output<typeof packageInput>

const byId = { orderBy: [asc(skills.id)] }

/** The whole tree (skills → topics → sub-topics) in one SQL statement, whatever its size. */
export async function loadPackageTree(db: Db, id: number, sign: Signer): Promise<Package> {
  const row = await db.query.packages.findFirst({ where: eq(packages.id, id), with: packageTree })
  if (!row) throw notFound('Package not found')
  return toPackage(row, sign)
}

export async function getPackageTree(db: Db, viewer: AuthUser, id: number, sign: Signer = noMedia): Promise<Package> {
  await assertPackageAccess(db, viewer, id)
  return loadPackageTree(db, id, sign)
}

/** Every package with its skills (no topics), newest first: the admin list and the catalogue. */
export async function listPackages(db: Db): Promise<Package[]> {
  const rows = await db.query.packages.findMany({
    orderBy: [desc(packages.createdAt), desc(packages.id)],
    with: { skills: byId },
  })
  return rows.map((row) => toPackage(row, noMedia))
}

export async function createPackage(db: Db, input: PackageData, sign: Signer = noMedia): Promise<Package> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(packages)
      .values({ title: input.title, description: input.description, price: input.price })
      .returning({ id: packages.id })
    await tx
      .insert(skills)
      .values(input.skills.map((s) => ({ packageId: row!.id, title: s.title, description: s.description, price: s.price })))
    return row!.id
  })
  return loadPackageTree(db, id, sign)
}

/**
 * Updates a package and reconciles its skills by id in one transaction: rows with an id are updated,
 * rows without one are created, and skills left out are deleted with everything under them.
 */
export async function updatePackage(
  deps: Pick<AppDeps, 'db' | 'store'>,
  id: number,
  input: PackageData,
  sign: Signer = noMedia,
): Promise<Package> {
  const { db } = deps
  const orphanedFiles = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(packages)
      .set({ title: input.title, description: input.description, price: input.price })
      .where(eq(packages.id, id))
      .returning({ id: packages.id })
    if (!updated) throw notFound('Package not found')

    const existing = new Set((await tx.select({ id: skills.id }).from(skills).where(eq(skills.packageId, id))).map((r) => r.id))
    const foreign = input.skills.filter((s) => s.id !== undefined && !existing.has(s.id)).map((s) => s.id)
    if (foreign.length)
      throw badRequest(`Skill ${foreign.join(', ')} does not belong to this package`, { skills: `Unknown skill id ${foreign.join(', ')}` })

    const kept = new Set(input.skills.flatMap((s) => (s.id === undefined ? [] : [s.id])))
    const removed = [...existing].filter((skillId) => !kept.has(skillId))
    const files = (await Promise.all(removed.map((skillId) => fileKeysUnder(tx, { skillId })))).flat()
    if (removed.length) await tx.delete(skills).where(inArray(skills.id, removed))
    for (const skill of input.skills) {
      const values = { title: skill.title, description: skill.description, price: skill.price }
      if (skill.id === undefined) await tx.insert(skills).values({ ...values, packageId: id })
      else await tx.update(skills).set(values).where(eq(skills.id, skill.id))
    }
    return files
  })
  await deleteFiles(deps, orphanedFiles)
  return loadPackageTree(db, id, sign)
}

/** Deletes the package and, through ON DELETE CASCADE, everything under it in one statement; then its files. */
export async function deletePackage(deps: Pick<AppDeps, 'db' | 'store'>, id: number): Promise<void> {
  const files = await deps.db.transaction(async (tx) => {
    const keys = await fileKeysUnder(tx, { packageId: id })
    const deleted = await tx.delete(packages).where(eq(packages.id, id)).returning({ id: packages.id })
    if (!deleted.length) throw notFound('Package not found')
    return keys
  })
  await deleteFiles(deps, files)
}
