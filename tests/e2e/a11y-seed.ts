import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type APIRequestContext } from '@playwright/test'
import { admin, loginViaApi, newLearner, registerViaApi, type Session } from './support.ts'

/** Everything the accessibility sweep needs to reach every screen with real content, seeded through the API. */
export interface A11ySeed {
  admin: Session
  learner: Session
  packageId: number
  packageTitle: string
  skillId: number
  subTopicIds: [number, number]
  videoTitle: string
  materialName: string
}

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures')
const PDF = Buffer.from('%PDF-1.4\n% a11y\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

async function call<T>(request: APIRequestContext, session: Session, method: 'post' | 'put', url: string, data: unknown): Promise<T> {
  const response = await request[method](`/api${url}`, { headers: { Authorization: `Bearer ${session.token}` }, data })
  expect(response.ok(), `${method.toUpperCase()} ${url}: ${await response.text()}`).toBe(true)
  return ((await response.json()) as { data: T }).data
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
        ],
      },
    ],
  })
  const [first, second] = saved.topics[0]!.subTopics.map((s) => s.id) as [number, number]
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

  const credentials = newLearner('A11y')
  credentials.name = 'Ada Access'
  await registerViaApi(request, credentials)
  const learner = await loginViaApi(request, credentials.email, credentials.password)
  await call(request, staff, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
  // One attempt (results and attempt history have rows), one comment (the star filter has counts), one review.
  await call(request, learner, 'post', '/mcq-attempts/create', { subTopicIds: [first], answers: { [String(questionIds[0])]: ['A'] } })
  await call(request, learner, 'post', '/comments', { videoId, comment: 'Clear and short.', rating: 4 })
  await call(request, learner, 'post', '/reviews', {
    targetType: 'PACKAGE',
    targetId: pkg.id,
    presentationRating: 5,
    reviewText: 'Well paced.',
  })
  return { admin: staff, learner, packageId: pkg.id, packageTitle, skillId, subTopicIds: [first, second], videoTitle, materialName }
}
