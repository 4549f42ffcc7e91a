import { asc, count } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { packages, skills, subTopics, topics } from '../db/schema.ts'

/** Test helpers for the content tree (packages → skills → topics → sub-topics). */

export interface TreeShape {
  skills: number
  topics: number
  subTopics: number
  /** Prefix for titles, so two trees in one database are told apart. */
  label?: string
}

export interface BuiltTree {
  packageId: number
  skillIds: number[]
  topicIds: number[]
  subTopicIds: number[]
}

/** Inserts a package of skills × topics × sub-topics straight into the database, in a handful of bulk inserts. */
export async function insertTree(db: Db, shape: TreeShape): Promise<BuiltTree> {
  const label = shape.label ?? 'P'
  const [pkg] = await db
    .insert(packages)
    .values({ title: `${label} package`, description: `${label} description`, price: '99.00' })
    .returning({ id: packages.id })
  const skillRows = await db
    .insert(skills)
    .values(
      Array.from({ length: shape.skills }, (_, s) => ({
        packageId: pkg!.id,
        title: `${label} skill ${s}`,
        description: `${label} skill ${s} description`,
        price: '10.00',
      })),
    )
    .returning({ id: skills.id })
  const topicRows = shape.topics
    ? await db
        .insert(topics)
        .values(
          skillRows.flatMap((skill, s) =>
            Array.from({ length: shape.topics }, (_, t) => ({
              skillId: skill.id,
              title: `${label} topic ${s}.${t}`,
              description: `${label} topic ${s}.${t} description`,
            })),
          ),
        )
        .returning({ id: topics.id })
    : []
  const subTopicRows =
    shape.subTopics && topicRows.length
      ? await db
          .insert(subTopics)
          .values(
            topicRows.flatMap((topic, t) =>
              Array.from({ length: shape.subTopics }, (_, u) => ({
                topicId: topic.id,
                title: `${label} sub-topic ${t}.${u}`,
                description: `${label} sub-topic ${t}.${u} description`,
              })),
            ),
          )
          .returning({ id: subTopics.id })
      : []
  return {
    packageId: pkg!.id,
    skillIds: skillRows.map((r) => r.id),
    topicIds: topicRows.map((r) => r.id),
    subTopicIds: subTopicRows.map((r) => r.id),
  }
}

/** Row counts of the four content tables. */
export async function countRows(db: Db) {
  const n = async (table: typeof packages | typeof skills | typeof topics | typeof subTopics) =>
    (await db.select({ n: count() }).from(table))[0]!.n
  return { packages: await n(packages), skills: await n(skills), topics: await n(topics), subTopics: await n(subTopics) }
}

/** Every row of the four content tables, in id order: compare two snapshots to prove nothing changed. */
export async function snapshot(db: Db) {
  return {
    packages: await db.select().from(packages).orderBy(asc(packages.id)),
    skills: await db.select().from(skills).orderBy(asc(skills.id)),
    topics: await db.select().from(topics).orderBy(asc(topics.id)),
    subTopics: await db.select().from(subTopics).orderBy(asc(subTopics.id)),
  }
}

export const keysOf = (value: unknown) => Object.keys(value as object).sort()

export const PAGE_KEYS = ['content', 'empty', 'first', 'last', 'number', 'size', 'totalElements', 'totalPages']

/**
 * A database whose transactions fail on the nth `method` (insert, update or delete) on `table`, counted from 1
 * within the transaction, after the earlier statements of that transaction have run: a failure injected mid-way.
 */
export function failOnNth(db: Db, method: 'insert' | 'update' | 'delete', table: object, nth: number): Db {
  const wrapTx = (tx: Db): Db => {
    let calls = 0
    return new Proxy(tx, {
      get(target, prop, receiver) {
        if (prop === method) {
          return (t: Parameters<Db['insert']>[0]) => {
            if (t === table && ++calls === nth) throw new Error(`injected failure on ${method} #${nth}`)
            return target[method](t)
          }
        }
        const value = Reflect.get(target, prop, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  }
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        return (run: (tx: Db) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) =>
          target.transaction((tx) => run(wrapTx(tx as unknown as Db)), config)
      }
      const value = Reflect.get(target, prop, receiver)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
