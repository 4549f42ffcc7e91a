import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type APIRequestContext } from '@playwright/test'
import { multiScoPackage } from '../../server/test/scorm-packages.ts'
import { admin, loginViaApi, newLearner, registerViaApi, type Session } from './support.ts'

/** Everything the accessibility sweep needs to reach every screen with real content, seeded through the API. */
export interface A11ySeed {
  admin: Session
  learner: Session
  /** A learner with nothing assigned: the empty lists. */
  newcomer: Session
  packageId: number
  packageTitle: string
  skillId: number
  subTopicIds: [number, number]
  /** The sub-topic holding a three-part SCORM 2004 package ('Three parts'). */
  scormSubTopicTitle: string
  videoTitle: string
  materialName: string
  /** The learner's graded attempt at the first sub-topic, whose review opens from attempt history. */
  pastAttemptId: number
  /** A sub-topic title the search finds. */
  searchTerm: string
  /** A group with the learner in it and the package due in three days through it. */
  groupId: number
  groupName: string
  /** A package the learner has directly, due five days ago: 'Overdue since …'. */
  overduePackageTitle: string
  /**
   * The learner's valid certificate, a crowd member's revoked one, and the learner's expired one (replaced by its
   * renewal): the /verify states and My certificates.
   */
  certificateCode: string
  revokedCertificateCode: string
  expiredCertificateCode: string
  /** The package issuing certificates (its form shows the certificate settings switched on). */
  certificatePackageId: number
}

const SCORM_SUB_TOPIC = 'Bought-in course'
const DAY = 86_400_000

/** Enough learners for item analysis to flag (10 responses) and for the user lists to page (25+). */
const CROWD = 24

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures')
const PDF = Buffer.from('%PDF-1.4\n% a11y\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

async function call<T>(request: APIRequestContext, session: Session, method: 'post' | 'put', url: string, data: unknown): Promise<T> {
  const response = await request[method](`/api${url}`, { headers: { Authorization: `Bearer ${session.token}` }, data })
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true)
  return ((await response.json()) as { data: T }).data
}

/**
 * A one-video package issuing certificates with these settings: watching its 3 s clip to the end completes it and
 * issues one.
 */
async function certificatePackage(
  request: APIRequestContext,
  staff: Session,
  title: string,
  settings: { validityMonths: number; renewDaysBefore: number },
) {
  const pkg = await call<{ id: number; skills: { id: number }[] }>(request, staff, 'post', '/packages/createPackage', {
    title: `${title} ${randomBytes(3).toString('hex')}`,
    description: 'One clip, then a certificate.',
    price: '0.00',
    skills: [{ title: 'Lifting', description: 'Bend the knees.', price: '0.00' }],
  })
  const saved = await call<{ topics: { subTopics: { id: number }[] }[] }>(request, staff, 'put', `/topic/by-skill/${pkg.skills[0]!.id}`, {
    topics: [{ title: 'Posture', description: 'Back straight.', subTopics: [{ title: 'The lift', description: 'Three seconds.' }] }],
  })
  const video = await request.post(`/api/videos/upload/${saved.topics[0]!.subTopics[0]!.id}`, {
    headers: { Authorization: `Bearer ${staff.token}` },
    multipart: {
      title: 'Lifting safely',
      video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(path.join(FIXTURES, 'clip.mp4')) },
      thumbnail: { name: 'thumbnail.png', mimeType: 'image/png', buffer: readFileSync(path.join(FIXTURES, 'thumbnail.png')) },
    },
  })
  expect(video.status(), await video.text()).toBe(201)
  await call(request, staff, 'put', `/packages/${pkg.id}/certificate-settings`, { enabled: true, ...settings })
  const videoId = ((await video.json()) as { data: { id: number } }).data.id
  const bearer = (learner: Session) => ({ Authorization: `Bearer ${learner.token}` })
  const validCertificate = async (learner: Session) => {
    const mine = await request.get('/api/certificates', { headers: bearer(learner) })
    expect(mine.ok(), await mine.text()).toBe(true)
    const list = ((await mine.json()) as { data: { id: number; code: string; packageId: number | null; status: string }[] }).data
    return list.find((c) => c.packageId === pkg.id && c.status === 'valid')
  }
  /**
   * Watches the clip to its end, which completes the package and issues a certificate. Each heartbeat credits what
   * the learner's watching budget holds, so they go on until the certificate is there.
   */
  const watch = async (learner: Session, previous?: string) => {
    let certificate: Awaited<ReturnType<typeof validCertificate>>
    await expect
      .poll(
        async () => {
          await call(request, learner, 'put', `/progress/videos/${videoId}`, { position: 3, watched: [[0, 3]] })
          certificate = await validCertificate(learner)
          return certificate !== undefined && certificate.code !== previous
        },
        { message: 'the completion issued a certificate', timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true)
    return certificate!
  }
  /** Assigns the package and watches its clip to the end (3 s of the watching budget), which issues the certificate. */
  const certify = async (learner: Session) => {
    await call(request, staff, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
    return watch(learner)
  }
  /**
   * Once the scheduler has begun the learner's renewal cycle (the package's progress starts again), completes it:
   * the new certificate replaces `earlier`, which expires at that moment.
   */
  const recertify = async (learner: Session, earlier: { code: string }) => {
    await expect
      .poll(
        async () => {
          const progress = await request.get(`/api/progress/packages/${pkg.id}`, { headers: bearer(learner) })
          expect(progress.ok(), await progress.text()).toBe(true)
          return ((await progress.json()) as { data: { percent: number } }).data.percent
        },
        { message: 'the scheduler began the renewal cycle', timeout: 180_000, intervals: [1_000] },
      )
      .toBe(0)
    return watch(learner, earlier.code)
  }
  return { id: pkg.id, certify, recertify }
}

/** A package with one question (so it cannot be complete untouched), given with a due date that has passed. */
async function duePackage(request: APIRequestContext, staff: Session, title: string) {
  const pkg = await call<{ id: number; skills: { id: number }[] }>(request, staff, 'post', '/packages/createPackage', {
    title,
    description: 'Mandatory every year.',
    price: '0.00',
    skills: [{ title: 'Exits', description: 'Ways out.', price: '0.00' }],
  })
  const saved = await call<{ topics: { subTopics: { id: number }[] }[] }>(request, staff, 'put', `/topic/by-skill/${pkg.skills[0]!.id}`, {
    topics: [{ title: 'Evacuation', description: 'Leave calmly.', subTopics: [{ title: 'Fire exits', description: 'Know two.' }] }],
  })
  await call(request, staff, 'post', '/mcqs/create', {
    subTopicId: saved.topics[0]!.subTopics[0]!.id,
    question: 'How many ways out should you know?',
    options: JSON.stringify({ A: 'Two', B: 'One' }),
    correctOption: 'A',
  })
  return pkg.id
}

async function signUp(request: APIRequestContext, label: string, name: string): Promise<Session> {
  const credentials = newLearner(label)
  credentials.name = name
  await registerViaApi(request, credentials)
  return loginViaApi(request, credentials.email, credentials.password)
}

/** A catalogue package the learner is not given: one they asked for ('Access requested') and one they may ask for. */
async function cataloguePackage(request: APIRequestContext, staff: Session, title: string) {
  return call<{ id: number }>(request, staff, 'post', '/packages/createPackage', {
    title,
    description: 'Not assigned to the learner.',
    price: '0.00',
    skills: [{ title: `${title} basics`, description: 'First steps.', price: '0.00' }],
  })
}

export async function seedForA11y(request: APIRequestContext): Promise<A11ySeed> {
  const staff = await loginViaApi(request, admin.email, admin.password)
  const packageTitle = `Accessible Algebra ${randomBytes(3).toString('hex')}`
  const pkg = await call<{ id: number; skills: { id: number }[] }>(request, staff, 'post', '/packages/createPackage', {
    title: packageTitle,
    description: 'Equations and graphs, one step at a time.',
    price: '499.00',
    skills: [{ title: 'Linear equations', description: 'Solve for x.', price: '199.00' }],
  })
  const skillId = pkg.skills[0]!.id
  const saved = await call<{ topics: { subTopics: { id: number }[] }[] }>(request, staff, 'put', `/topic/by-skill/${skillId}`, {
    topics: [
      {
        title: 'One variable',
        description: 'ax + b = c.',
        subTopics: [
          { title: 'Balancing', description: 'Do the same to both sides.' },
          { title: 'Checking', description: 'Substitute back.' },
          { title: SCORM_SUB_TOPIC, description: 'A course bought elsewhere, in three parts.' },
        ],
      },
    ],
  })
  const [first, second, scormSubTopic] = saved.topics[0]!.subTopics.map((s) => s.id) as [number, number, number]
  const scorm = await request.post(`/api/subTopic/${scormSubTopic}/scorm`, {
    headers: { Authorization: `Bearer ${staff.token}` },
    multipart: { file: { name: 'three-parts.zip', mimeType: 'application/zip', buffer: multiScoPackage() } },
  })
  expect(scorm.status(), await scorm.text()).toBe(201)
  const videoTitle = 'Balancing both sides'
  const video = await request.post(`/api/videos/upload/${first}`, {
    headers: { Authorization: `Bearer ${staff.token}` },
    multipart: {
      title: videoTitle,
      video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(path.join(FIXTURES, 'clip.mp4')) },
      thumbnail: { name: 'thumbnail.png', mimeType: 'image/png', buffer: readFileSync(path.join(FIXTURES, 'thumbnail.png')) },
    },
  })
  expect(video.status(), await video.text()).toBe(201)
  const videoId = ((await video.json()) as { data: { id: number } }).data.id
  // Captions on the first video (the player's tracks and its transcript); the second stays without (the coverage report).
  const captions = await request.post(`/api/videos/${videoId}/captions`, {
    headers: { Authorization: `Bearer ${staff.token}` },
    multipart: {
      language: 'en',
      label: 'English',
      kind: 'captions',
      file: {
        name: 'clip.srt',
        mimeType: 'text/plain',
        buffer: Buffer.from(
          '1\n00:00:00,000 --> 00:00:02,500\nBoth sides of the scale.\n\n2\n00:00:02,500 --> 00:00:05,000\nKeep them balanced.\n',
        ),
      },
    },
  })
  expect(captions.status(), await captions.text()).toBe(201)
  const materialName = 'Worked examples'
  const pdf = await request.post('/api/study-materials/upload', {
    headers: { Authorization: `Bearer ${staff.token}` },
    multipart: { subTopicId: String(first), name: materialName, pdf: { name: 'examples.pdf', mimeType: 'application/pdf', buffer: PDF } },
  })
  expect(pdf.status(), await pdf.text()).toBe(201)
  const questionIds: number[] = []
  for (const [subTopicId, question] of [
    [first, 'What is x in 2x = 6?'],
    [second, 'What is x in x + 1 = 4?'],
  ] as const) {
    const mcq = await call<{ id: number }>(request, staff, 'post', '/mcqs/create', {
      subTopicId,
      question,
      options: JSON.stringify({ A: '3', B: '2' }),
      correctOption: 'A',
    })
    questionIds.push(mcq.id)
  }

  // A second video, unwatched, so the outline shows a percentage beside the first sub-topic's 'Done'.
  const secondVideo = await request.post(`/api/videos/upload/${second}`, {
    headers: { Authorization: `Bearer ${staff.token}` },
    multipart: {
      title: 'Checking the answer',
      video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: readFileSync(path.join(FIXTURES, 'clip.mp4')) },
      thumbnail: { name: 'thumbnail.png', mimeType: 'image/png', buffer: readFileSync(path.join(FIXTURES, 'thumbnail.png')) },
    },
  })
  expect(secondVideo.status(), await secondVideo.text()).toBe(201)
  const { id: certificatePackageId, certify } = await certificatePackage(request, staff, 'Safe Lifting', {
    validityMonths: 12,
    renewDaysBefore: 30,
  })
  // Valid for a month, renewed from the day it is issued: completing the renewal cycle expires the first certificate.
  const renewing = await certificatePackage(request, staff, 'Manual Handling', { validityMonths: 1, renewDaysBefore: 365 })
  const requested = await cataloguePackage(request, staff, `Requested Geometry ${randomBytes(3).toString('hex')}`)
  await cataloguePackage(request, staff, `Open Statistics ${randomBytes(3).toString('hex')}`)

  const learner = await signUp(request, 'A11y', 'Ada Access')
  const newcomer = await signUp(request, 'A11yNew', 'Nell Newcomer')
  await call(request, staff, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
  // Progress: the first video watched to its end (within the 5 s a new learner's budget holds), so badges show.
  await call(request, learner, 'put', `/progress/videos/${videoId}`, { position: 3, watched: [[0, 3]] })
  // One graded attempt (results, attempt history and its review), one comment, one review, one access request.
  const past = await call<{ attempts: { id: number }[] }>(request, learner, 'post', '/mcq-attempts/create', {
    subTopicIds: [first],
    answers: { [String(questionIds[0])]: ['A'] },
  })
  await call(request, learner, 'post', '/comments', { videoId, comment: 'Clear and short.', rating: 4 })
  await call(request, learner, 'post', '/reviews', {
    targetType: 'PACKAGE',
    targetId: pkg.id,
    presentationRating: 5,
    reviewText: 'Well paced.',
  })
  await call(request, learner, 'post', '/access-requests', { packageId: requested.id })
  // A group giving the package with a due date: due dates, statuses and the home's 'Due this week' show.
  const groupName = `Night shift ${randomBytes(3).toString('hex')}`
  const group = await call<{ id: number }>(request, staff, 'post', '/groups', { name: groupName, description: 'Wards 4 and 5.' })
  await call(request, staff, 'post', `/groups/${group.id}/members`, { userIds: [learner.user.id] })
  await call(request, staff, 'put', `/groups/${group.id}/packages/${pkg.id}`, {
    dueAt: new Date(Date.now() + 3 * DAY).toISOString(),
    reminderDays: [7, 1, -1],
  })
  // Directly, due five days ago: 'Overdue since …', first under 'Due first', and overdue in compliance.
  const overduePackageTitle = `Fire Safety ${randomBytes(3).toString('hex')}`
  const overdueId = await duePackage(request, staff, overduePackageTitle)
  await call(request, staff, 'put', `/user/${learner.user.id}/packages/${overdueId}`, {
    dueAt: new Date(Date.now() - 5 * DAY).toISOString(),
    reminderDays: [7, 1, -1],
  })
  // An open sitting left unfinished: its test page offers to resume it.
  await call(request, learner, 'post', '/mcq-attempts/start', { subTopicIds: [second] })

  // The renewing package's first certificate (the scheduler begins its renewal during the crowd's sign-ups below).
  const expiring = await renewing.certify(learner)

  // A crowd that answers the first question wrongly: item analysis flags it; the user lists and comments run long.
  // One at a time: sign-ups hash passwords, and a burst of them would outlast the request timeout on a busy machine.
  let revokedCertificateCode = ''
  const crowd: Session[] = []
  for (let i = 1; i <= CROWD; i++) {
    const member = await signUp(request, `A11yCrowd${i}`, `Crowd Member ${String(i).padStart(2, '0')}`)
    crowd.push(member)
    if (i === CROWD) {
      const revoked = await certify(member)
      await call(request, staff, 'post', `/certificates/${revoked.id}/revoke`, { reason: 'Issued by mistake' })
      revokedCertificateCode = revoked.code
    }
    if (i > 12) continue
    await call(request, staff, 'put', `/user/${member.user.id}/assign-packages`, { packageIds: [pkg.id] })
    await call(request, member, 'post', '/mcq-attempts/create', { subTopicIds: [first], answers: { [String(questionIds[0])]: ['B'] } })
    await call(request, member, 'post', '/comments', {
      videoId,
      comment: `Comment number ${i}: worth a second watch.`,
      rating: (i % 5) + 1,
    })
  }
  // The group list runs long; the learner's group gets eight more members and a second package due 30 days after
  // joining without reminders; another group has the fire safety package overdue for its members.
  await call(request, staff, 'post', `/groups/${group.id}/members`, { userIds: crowd.slice(0, 8).map((m) => m.user.id) })
  await call(request, staff, 'put', `/groups/${group.id}/packages/${overdueId}`, { dueDays: 30, reminderDays: [] })
  const shifts = ['Day shift', 'Weekend cover', 'Agency staff with a rather long group name for the table', 'New starters']
  for (const [index, name] of shifts.entries()) {
    const other = await call<{ id: number }>(request, staff, 'post', '/groups', {
      name: `${name} ${randomBytes(3).toString('hex')}`,
      description: index % 2 ? '' : 'Everyone on the rota for this shift, whatever their ward.',
    })
    const members = crowd.slice(8 + index * 3, 11 + index * 3)
    if (members.length) await call(request, staff, 'post', `/groups/${other.id}/members`, { userIds: members.map((m) => m.user.id) })
    if (index === 0)
      await call(request, staff, 'put', `/groups/${other.id}/packages/${overdueId}`, {
        dueAt: new Date(Date.now() - 2 * DAY).toISOString(),
        reminderDays: [14, 7, 1, -1, -7],
      })
  }
  // Last: the learner's watching budget, spent on the videos above, has refilled during the crowd's sign-ups.
  await renewing.recertify(learner, expiring)
  const certificate = await certify(learner)
  return {
    admin: staff,
    learner,
    newcomer,
    packageId: pkg.id,
    packageTitle,
    skillId,
    subTopicIds: [first, second],
    scormSubTopicTitle: SCORM_SUB_TOPIC,
    videoTitle,
    materialName,
    pastAttemptId: past.attempts[0]!.id,
    searchTerm: 'Checking',
    groupId: group.id,
    groupName,
    overduePackageTitle,
    certificateCode: certificate.code,
    revokedCertificateCode,
    expiredCertificateCode: expiring.code,
    certificatePackageId,
  }
}
