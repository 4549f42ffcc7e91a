/** Figures for the admin dashboard. */
export interface DashboardFigures {
  learners: number
  packages: number
  videos: number
  questions: number
  attemptsLast7Days: number
  attemptsPerDay: { day: string; attempts: number }[]
  mostViewedVideos: { id: number; title: string; subTopicTitle: string; noOfViews: number }[]
  recentSignups: { id: number; name: string; email: string; createdAt: string }[]
}

export interface PackageReportRow {
  packageId: number
  title: string
  assignedLearners: number
  testsTaken: number
  /** Mean of score/total over every attempt, as a percentage; null without attempts. */
  averagePercent: number | null
}

export interface SubTopicScore {
  subTopicId: number
  title: string
  topicTitle: string
  skillTitle: string
  attempts: number
  averagePercent: number | null
}

export interface QuestionScore {
  mcqId: number
  subTopicId: number
  question: string
  answered: number
  /** Share (0–1) of stored answers to this question that were correct; null when never answered. */
  correctShare: number | null
}

export interface PackageReport extends PackageReportRow {
  subTopics: SubTopicScore[]
  questions: QuestionScore[]
}
