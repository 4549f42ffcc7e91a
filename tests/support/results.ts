import type { User } from '../../contract/auth.ts'
import type { SkillWithTopics, SubTopic } from '../../contract/content.ts'
import type { AttemptResult } from '../../contract/learning.ts'
import type { Mcq } from '../../contract/media.ts'
import { mcqs as mcqsTable, storedFiles as storedFilesTable, videos as videosTable } from '../../server/db/schema.ts'
import { saveSession } from '../../src/api/session.ts'
import { seedSkill } from './media.ts'
import { testContext } from './server.ts'
import { assignPackages } from './users.ts'

/** Seeding for the test and results screens, through the real API as an admin. */

export interface McqSpec {
  question: string
  options: Record<string, string>
  /** e.g. 'A' or 'B,D'. */
  correct: string
}

export interface SeededCourse {
  adminToken: string
  admin: User
  packageId: number
  skill: SkillWithTopics
  adding: SubTopic
  comparing: SubTopic
  placeValue: SubTopic
  /** Created questions by sub-topic, in order. */
  questions: { adding: Mcq[]; comparing: Mcq[]; placeValue: Mcq[] }
}

/** 'Adding fractions': Q1 single answer A (options C 'na' and D 'NA' hidden); Q2 two answers A and C (D 'Na' hidden). */
export const ADDING: McqSpec[] = [
  { question: 'What is 1/2 + 1/4?', options: { A: '3/4', B: '2/6', C: 'na', D: 'NA' }, correct: 'A' },
  { question: 'Which fractions equal one half?', options: { A: '2/4', B: '3/4', C: '4/8', D: 'Na' }, correct: 'A,C' },
]
export const COMPARING: McqSpec[] = [{ question: 'Which is larger?', options: { A: '1/3', B: '1/2' }, correct: 'B' }]
export const PLACE_VALUE: McqSpec[] = [
  { question: 'Which digits are in the tenths place of 0.5 and 1.25?', options: { A: '0', B: '5', C: '1', D: '2' }, correct: 'B,D' },
]

export async function createMcq(token: string, subTopicId: number, spec: McqSpec): Promise<Mcq> {
  const res = await testContext().request<Mcq>('POST', '/api/mcqs/create', {
    token,
    body: { subTopicId, question: spec.question, options: JSON.stringify(spec.options), correctOption: spec.correct },
  })
  if (res.status !== 201) throw new Error(`create mcq: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data!
}

/** The 'Numbers' package of seedSkill, seeded by a new admin, with questions unless `withQuestions` is false. */
export async function seedCourse(options: { withQuestions?: boolean; title?: string } = {}): Promise<SeededCourse> {
  const admin = await testContext().createUser({ role: 'admin', name: 'Ada Admin' })
  const adminToken = admin.token
  const { packageId, skill, subTopics } = await seedSkill(adminToken, { title: options.title })
  const { adding, comparing, placeValue } = subTopics
  const questions = { adding: [] as Mcq[], comparing: [] as Mcq[], placeValue: [] as Mcq[] }
  if (options.withQuestions !== false) {
    for (const spec of ADDING) questions.adding.push(await createMcq(adminToken, adding.id, spec))
    for (const spec of COMPARING) questions.comparing.push(await createMcq(adminToken, comparing.id, spec))
    for (const spec of PLACE_VALUE) questions.placeValue.push(await createMcq(adminToken, placeValue.id, spec))
  }
  return { adminToken, admin: admin.user, packageId, skill, adding, comparing, placeValue, questions }
}

/** Many questions at once, straight into the database. */
export async function insertQuestions(subTopicId: number, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    subTopicId,
    question: `Bulk question ${i + 1}: what is ${i} + 1?`,
    options: JSON.stringify({ A: String(i + 1), B: String(i + 2), C: String(i), D: 'na' }),
    correctOption: 'A',
  }))
  await testContext().deps.db.insert(mcqsTable).values(rows)
}

/** A learner with the course's package assigned, signed in in the browser. */
export async function signInLearner(course: SeededCourse, name = 'Lena Learner') {
  const learner = await testContext().createUser({ name })
  await assignPackages(course.adminToken, learner.user.id, [course.packageId])
  saveSession(learner.token, learner.user)
  return learner
}

/** Signs the course's admin in in the browser. */
export function signInAdmin(course: SeededCourse) {
  saveSession(course.adminToken, course.admin)
}

/** Submits a test through the real API (as the learner whose token is given). */
export async function submitViaApi(token: string, subTopicIds: number[], answers: Record<number, string[]>): Promise<AttemptResult> {
  const res = await testContext().request<AttemptResult>('POST', '/api/mcq-attempts/create', {
    token,
    body: { subTopicIds, answers: Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, v])) },
  })
  if (res.status !== 201) throw new Error(`submit: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data!
}

export async function attemptsOf(token: string, subTopicId: number) {
  const res = await testContext().request<{ attemptNumber: number; score: number; totalMarks: number }[]>(
    'GET',
    `/api/mcq-attempts/bySubTopic?subTopicId=${subTopicId}`,
    { token },
  )
  if (res.status !== 200) throw new Error(`attempts: ${res.status}`)
  return res.body.data!
}

/** Envelope for msw overrides. */
export const envelope = (data: unknown, status = 200) => ({
  success: status < 400,
  status,
  data,
  message: status < 400 ? 'OK' : 'Server error',
})

/** A video row (with its stored-file rows) straight into the database, with a view count: the dashboard reads only the rows. */
export async function insertVideo(subTopicId: number, title: string, views = 0) {
  const db = testContext().deps.db
  const key = (kind: string) => `test/${kind}-${subTopicId}-${title.replace(/\W+/g, '-')}`
  await db.insert(storedFilesTable).values([
    { key: key('video'), contentType: 'video/mp4', size: 4096, originalName: `${title}.mp4` },
    { key: key('thumb'), contentType: 'image/png', size: 1024, originalName: `${title}.png` },
  ])
  const [row] = await db
    .insert(videosTable)
    .values({ subTopicId, title, fileKey: key('video'), thumbnailKey: key('thumb'), noOfViews: views })
    .returning()
  return row!
}
