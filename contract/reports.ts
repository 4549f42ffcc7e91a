import { z } from 'zod'
import { id } from './content.ts'

const int = z.number().int()

/** Figures for the admin dashboard. */
export const dashboardFiguresSchema = z
  .object({
    learners: int,
    packages: int,
    videos: int,
    /** Videos with no caption track (the coverage report lists them). */
    videosWithoutCaptions: int,
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

/** The tables of a package report, each exported as its own CSV. */
export const REPORT_TABLES = ['summary', 'sub-topics', 'questions'] as const
export type ReportTable = (typeof REPORT_TABLES)[number]
/** `GET /reports/packages/{id}/export?table=`. */
export const reportExportQuery = z.object({ table: z.enum(REPORT_TABLES) })

/** `GET /reports/items?packageId=` and its CSV. */
export const itemAnalysisQuery = z.object({ packageId: id })

/** The flags of item analysis, as shown. */
export const ITEM_FLAGS = ['too easy', 'too hard', 'check the key', 'unused option'] as const
export type ItemFlag = (typeof ITEM_FLAGS)[number]

export const itemOptionStatsSchema = z
  .object({
    key: z.string(),
    text: z.string(),
    correct: z.boolean(),
    /** Attempts that picked this option. */
    picks: int,
    /** picks / attempts (0–1); null without attempts. A multi-answer question's rates can add up to more than 1. */
    pickRate: z.number().nullable(),
  })
  .meta({ id: 'ItemOptionStats' })
export type ItemOptionStats = z.infer<typeof itemOptionStatsSchema>

export const itemStatsSchema = z
  .object({
    mcqId: int,
    subTopicId: int,
    subTopicTitle: z.string(),
    question: z.string(),
    /** Graded, non-practice attempts that held this question. */
    attempts: int,
    /** Of those, the ones left without an answer. */
    unanswered: int,
    /** Share answered correctly (0–1); null without attempts. */
    facility: z.number().nullable(),
    /**
     * Point-biserial correlation (−1 to 1) of the question's 0/1 score with the rest score (share correct of the
     * attempt's other questions); null when it cannot be computed (fewer than two attempts, or no spread).
     */
    discrimination: z.number().nullable(),
    options: z.array(itemOptionStatsSchema),
    flags: z.array(z.enum(ITEM_FLAGS)),
  })
  .meta({ id: 'ItemStats' })
export type ItemStats = z.infer<typeof itemStatsSchema>

export const itemAnalysisSchema = z
  .object({
    packageId: int,
    title: z.string(),
    /** A question answered in fewer graded attempts than this gets no flags: too few answers to judge it by. */
    minAttemptsForFlags: int,
    items: z.array(itemStatsSchema),
  })
  .meta({ id: 'ItemAnalysis' })
export type ItemAnalysis = z.infer<typeof itemAnalysisSchema>
