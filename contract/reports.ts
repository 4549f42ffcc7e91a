import { z } from 'zod'

const int = z.number().int()

/** Figures for the admin dashboard. */
export const dashboardFiguresSchema = z
  .object({
    learners: int,
    packages: int,
    videos: int,
    questions: int,
    attemptsLast7Days: int,
    attemptsPerDay: z.array(z.object({ day: z.string(), attempts: int })),
    mostViewedVideos: z.array(z.object({ id: int, title: z.string(), subTopicTitle: z.string(), noOfViews: int })),
    recentSignups: z.array(z.object({ id: int, name: z.string(), email: z.string(), createdAt: z.string() })),
  })
  .meta({ id: 'DashboardFigures' })
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>

export const packageReportRowSchema = z
  .object({
    packageId: int,
    title: z.string(),
    assignedLearners: int,
    testsTaken: int,
    /** Mean of score/total over every attempt, as a percentage; null without attempts. */
    averagePercent: z.number().nullable(),
  })
  .meta({ id: 'PackageReportRow' })
export type PackageReportRow = z.infer<typeof packageReportRowSchema>

export const subTopicScoreSchema = z
  .object({
    subTopicId: int,
    title: z.string(),
    topicTitle: z.string(),
    skillTitle: z.string(),
    attempts: int,
    averagePercent: z.number().nullable(),
  })
  .meta({ id: 'SubTopicScore' })
export type SubTopicScore = z.infer<typeof subTopicScoreSchema>

export const questionScoreSchema = z
  .object({
    mcqId: int,
    subTopicId: int,
    question: z.string(),
    answered: int,
    /** Share (0–1) of stored answers to this question that were correct; null when never answered. */
    correctShare: z.number().nullable(),
  })
  .meta({ id: 'QuestionScore' })
export type QuestionScore = z.infer<typeof questionScoreSchema>

export const packageReportSchema = packageReportRowSchema
  .extend({ subTopics: z.array(subTopicScoreSchema), questions: z.array(questionScoreSchema) })
  .meta({ id: 'PackageReport' })
export type PackageReport = z.infer<typeof packageReportSchema>
