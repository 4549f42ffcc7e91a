import { and, asc, count, countDistinct, desc, eq, gt, gte, inArray, notExists, sql } from 'drizzle-orm'
import type { DashboardFigures, PackageReport, PackageReportRow, ReportTable } from '../../contract/reports.ts'
import type { Db } from '../db/client.ts'
import {
  captions,
  mcqAttemptAnswers,
  mcqAttempts,
  mcqs,
  packages,
  skills,
  subTopics,
  topics,
  userPackages,
  users,
  videos,
} from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { toCsv } from '../http/csv.ts'

const DAY = 86_400_000
const percent = sql<string | null>`avg(${mcqAttempts.score}::float / nullif(${mcqAttempts.totalMarks}, 0)) * 100`
/** Tests taken: practice sittings are left out of every count. */
const graded = eq(mcqAttempts.practice, false)
/**
 * Reports show each learner's current cycle: the tests a learner took before a certificate's renewal began their
 * current cycle of the package are its history. Needs `skills` (the attempt's package) in the query.
 */
const inCurrentCycle = sql`not exists (select 1 from ${userPackages} where ${userPackages.userId} = ${mcqAttempts.userId}
  and ${userPackages.packageId} = ${skills.packageId} and ${userPackages.cycleStartedAt} > ${mcqAttempts.attemptedAt})`
const round1 = (v: string | number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10)

export async function dashboardFigures(db: Db, now: Date): Promise<DashboardFigures> {
  const since7 = new Date(now.getTime() - 7 * DAY)
  const since14 = new Date(now.getTime() - 13 * DAY)
  since14.setUTCHours(0, 0, 0, 0)
  const [[learners], [pkgs], [vids], [uncaptioned], [questions], [recent], perDay, mostViewed, signups] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.role, 'USER')),
    db.select({ n: count() }).from(packages),
    db.select({ n: count() }).from(videos),
    db
      .select({ n: count() })
      .from(videos)
      .where(notExists(db.select({ id: captions.id }).from(captions).where(eq(captions.videoId, videos.id)))),
    db.select({ n: count() }).from(mcqs),
    db
      .select({ n: count() })
      .from(mcqAttempts)
      .where(and(gte(mcqAttempts.attemptedAt, since7), graded)),
    db
      .select({ day: sql<string>`to_char(date_trunc('day', ${mcqAttempts.attemptedAt} at time zone 'UTC'), 'YYYY-MM-DD')`, n: count() })
      .from(mcqAttempts)
      .where(and(gte(mcqAttempts.attemptedAt, since14), graded))
      .groupBy(sql`1`),
    db
      .select({ id: videos.id, title: videos.title, subTopicTitle: subTopics.title, noOfViews: videos.noOfViews })
      .from(videos)
      .innerJoin(subTopics, eq(subTopics.id, videos.subTopicId))
      .where(gt(videos.noOfViews, 0))
      .orderBy(desc(videos.noOfViews), asc(videos.id))
      .limit(5),
    db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
      .from(users)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(5),
  ])
  const counts = new Map(perDay.map((r) => [r.day, r.n]))
  const attemptsPerDay = Array.from({ length: 14 }, (_, i) => {
    const day = new Date(since14.getTime() + i * DAY).toISOString().slice(0, 10)
    return { day, attempts: counts.get(day) ?? 0 }
  })
  return {
    learners: learners?.n ?? 0,
    packages: pkgs?.n ?? 0,
    videos: vids?.n ?? 0,
    videosWithoutCaptions: uncaptioned?.n ?? 0,
    questions: questions?.n ?? 0,
    attemptsLast7Days: recent?.n ?? 0,
    attemptsPerDay,
    mostViewedVideos: mostViewed,
    recentSignups: signups.map((s) => ({ ...s, createdAt: new Date(s.createdAt).toISOString() })),
  }
}

/** Per package: learners assigned, tests taken and the average score (practice excluded), in three grouped statements. */
export async function packageReports(db: Db): Promise<PackageReportRow[]> {
  const [list, assigned, scores] = await Promise.all([
    db.select({ id: packages.id, title: packages.title }).from(packages).orderBy(asc(packages.title), asc(packages.id)),
    db.select({ packageId: userPackages.packageId, n: count() }).from(userPackages).groupBy(userPackages.packageId),
    db
      .select({ packageId: skills.packageId, tests: count(), average: percent })
      .from(mcqAttempts)
      .innerJoin(subTopics, eq(subTopics.id, mcqAttempts.subTopicId))
      .innerJoin(topics, eq(topics.id, subTopics.topicId))
      .innerJoin(skills, eq(skills.id, topics.skillId))
      .where(and(graded, inCurrentCycle))
      .groupBy(skills.packageId),
  ])
  const assignedBy = new Map(assigned.map((a) => [a.packageId, a.n]))
  const scoreBy = new Map(scores.map((s) => [s.packageId, s]))
  return list.map((p) => ({
    packageId: p.id,
    title: p.title,
    assignedLearners: assignedBy.get(p.id) ?? 0,
    testsTaken: scoreBy.get(p.id)?.tests ?? 0,
    averagePercent: round1(scoreBy.get(p.id)?.average ?? null),
  }))
}

export async function packageReport(db: Db, packageId: number): Promise<PackageReport> {
  const row = (await packageReports(db)).find((r) => r.packageId === packageId)
  if (!row) throw notFound('Package not found')
  const inPackage = eq(skills.packageId, packageId)
  const subTopicRows = await db
    .select({
      subTopicId: subTopics.id,
      title: subTopics.title,
      topicTitle: topics.title,
      skillTitle: skills.title,
      attempts: countDistinct(mcqAttempts.id),
      averagePercent: percent,
    })
    .from(subTopics)
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, eq(skills.id, topics.skillId))
    .leftJoin(mcqAttempts, and(eq(mcqAttempts.subTopicId, subTopics.id), graded, inCurrentCycle))
    .where(inPackage)
    .groupBy(subTopics.id, topics.title, skills.title, skills.id, topics.id)
    .orderBy(asc(skills.id), asc(topics.id), asc(subTopics.id))
  const questionRows = await db
    .select({
      mcqId: mcqs.id,
      subTopicId: mcqs.subTopicId,
      question: mcqs.question,
      answered: count(mcqAttemptAnswers.attemptId),
      correct: sql<string>`coalesce(sum(case when ${mcqAttemptAnswers.correct} then 1 else 0 end), 0)`,
    })
    .from(mcqs)
    .innerJoin(subTopics, eq(subTopics.id, mcqs.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, eq(skills.id, topics.skillId))
    .leftJoin(
      mcqAttemptAnswers,
      and(
        eq(mcqAttemptAnswers.mcqId, mcqs.id),
        inArray(mcqAttemptAnswers.attemptId, db.select({ id: mcqAttempts.id }).from(mcqAttempts).where(and(graded, inCurrentCycle))),
      ),
    )
    .where(and(inPackage))
    .groupBy(mcqs.id)
    .orderBy(asc(mcqs.subTopicId), asc(mcqs.id))
  return {
    ...row,
    subTopics: subTopicRows.map((s) => ({ ...s, averagePercent: round1(s.averagePercent) })),
    questions: questionRows.map((q) => ({
      mcqId: q.mcqId,
      subTopicId: q.subTopicId,
      question: q.question,
      answered: q.answered,
      correctShare: q.answered ? Math.round((Number(q.correct) / q.answered) * 1000) / 1000 : null,
    })),
  }
}

/** One table of the package report as CSV, the same table and units (percent) as on screen. */
export function reportCsv(report: PackageReport, table: ReportTable): string {
  switch (table) {
    case 'summary':
      return toCsv([
        ['Package', 'Assigned learners', 'Tests taken', 'Average score %'],
        [report.title, report.assignedLearners, report.testsTaken, report.averagePercent],
      ])
    case 'sub-topics':
      return toCsv([
        ['Skill', 'Topic', 'Sub-topic', 'Attempts', 'Average score %'],
        ...report.subTopics.map((s) => [s.skillTitle, s.topicTitle, s.title, s.attempts, s.averagePercent]),
      ])
    case 'questions':
      return toCsv([
        ['Question ID', 'Sub-topic ID', 'Question', 'Times answered', 'Answered correctly %'],
        ...report.questions.map((q) => [
          q.mcqId,
          q.subTopicId,
          q.question,
          q.answered,
          q.correctShare === null ? null : Math.round(q.correctShare * 1000) / 10,
        ]),
      ])
  }
}
