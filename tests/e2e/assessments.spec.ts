import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { admin, api, auth, loginViaApi, newLearner, registerViaApi, storeSession, type Session } from './support.ts'

/**
 * Assessments, end to end: an admin sets a sub-topic's test to 5 of 11 questions, 1 minute, 2 attempts,
 * answers shown after the last attempt; the learner takes both attempts, sees no keys after the first and the keys
 * after the second; a third start is refused.
 */

interface Seeded {
  subTopicId: number
  adminSession: Session
  learner: Session
}

async function seed(request: APIRequestContext): Promise<Seeded> {
  const adminSession = await loginViaApi(request, admin.email, admin.password)
  const pkg = await api<{ id: number; skills: { id: number }[] }>(request, adminSession, 'post', '/packages/createPackage', {
    title: `E2E Assessments ${randomBytes(3).toString('hex')}`,
    description: 'Sums.',
    price: '10.00',
    skills: [{ title: 'Sums skill', description: 'Adding numbers.', price: '5.00' }],
  })
  const skill = await api<{ topics: { subTopics: { id: number }[] }[] }>(
    request,
    adminSession,
    'put',
    `/topic/by-skill/${pkg.skills[0]!.id}`,
    {
      topics: [{ title: 'Sums', description: 'Adding.', subTopics: [{ title: 'Adding one', description: 'n + 1.' }] }],
    },
  )
  const subTopicId = skill.topics[0]!.subTopics[0]!.id
  for (let n = 1; n <= 11; n++)
    await api(request, adminSession, 'post', '/mcqs/create', {
      subTopicId,
      question: `What is ${n} + 1?`,
      options: JSON.stringify({ A: String(n + 1), B: String(n + 2), C: String(n), D: 'na' }),
      correctOption: 'A',
    })
  const credentials = newLearner('Assessments')
  await registerViaApi(request, credentials)
  const learner = await loginViaApi(request, credentials.email, credentials.password)
  await api(request, adminSession, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
  return { subTopicId, adminSession, learner }
}

const questions = (page: Page) => page.getByRole('list', { name: 'Questions' }).getByRole('group')

/** Ticks option B (wrong) of every question, then submits; answers with the create call's body. */
async function takeAttempt(page: Page): Promise<string> {
  await expect(questions(page)).toHaveCount(5)
  for (const group of await questions(page).all()) await group.getByRole('checkbox').nth(1).check()
  await expect(page.getByText('5 of 5 answered')).toBeVisible()
  const created = page.waitForResponse((r) => r.url().includes('/api/mcq-attempts/create') && r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Submit Test' }).click()
  const body = await (await created).text()
  await expect(page.getByRole('heading', { name: 'Test Completed' })).toBeVisible()
  return body
}

test.describe('assessments', () => {
  let seeded: Seeded

  test.beforeAll(async ({ request }) => {
    seeded = await seed(request)
  })

  test('an admin sets 5 of 11 questions, 1 minute, 2 attempts, answers after the last attempt; the learner sees the keys only after the second attempt, and a third start is refused', async ({
    page,
  }) => {
    test.setTimeout(90_000)

    // The admin, on the sub-topic page.
    await storeSession(page, seeded.adminSession)
    await page.goto(`/subtopic/${seeded.subTopicId}`)
    const form = page.getByRole('form', { name: /^Test settings/ })
    await expect(form.getByText(/^All 11 questions, no time limit, unlimited attempts/)).toBeVisible()
    await form.getByRole('textbox', { name: 'Questions per attempt' }).fill('5')
    await form.getByRole('textbox', { name: 'Time limit (minutes)' }).fill('1')
    await form.getByRole('textbox', { name: 'Attempts allowed' }).fill('2')
    await form.getByRole('switch', { name: /^Show answers only after the last attempt/ }).check({ force: true })
    await expect(
      form.getByText('5 of 11 questions, 1 minute, 2 attempts, answers shown after the last attempt, pass mark 60 %.'),
    ).toBeVisible()
    await form.getByRole('button', { name: 'Save test settings' }).click()
    await expect(page.getByText('Test settings saved')).toBeVisible()

    // The learner's first attempt: a countdown, 5 drawn questions, no keys afterwards.
    await storeSession(page, seeded.learner)
    await page.goto(`/mcq-test/${seeded.subTopicId}`)
    // Opening the page starts nothing: the intro card says what the test holds, and Start starts it.
    await expect(page.getByRole('region', { name: 'Before you start' })).toContainText('0 of 2 used · 2 left')
    await page.getByRole('button', { name: 'Start test' }).click()
    await expect(page.getByText('Attempt 1 of 2')).toBeVisible()
    await expect(page.getByRole('timer', { name: 'Time left' })).toContainText(/0[01]:\d\d left/)
    const first = await takeAttempt(page)
    expect(first).not.toContain('correctOption')
    await expect(page.getByRole('status')).toHaveText('You scored 0 out of 5')
    await expect(page.getByText('Not passed yet')).toBeVisible()
    await expect(page.getByText('The correct answers are shown after your last attempt.')).toBeVisible()
    await expect(page.getByText(/Correct answer:/)).toHaveCount(0)

    // The second and last attempt: the keys.
    await page.getByRole('button', { name: 'Retake Test' }).click()
    await expect(page.getByText('Attempt 2 of 2')).toBeVisible()
    const second = await takeAttempt(page)
    expect(second).toContain('correctOption')
    await expect(page.getByText(/Correct answer:/)).toHaveCount(5)
    await expect(page.getByText('No attempts left')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Retake Test' })).toBeDisabled()

    // A third start is refused by the server, and the screen does not offer one.
    const third = await page.request.post('/api/mcq-attempts/start', {
      data: { subTopicIds: [seeded.subTopicId] },
      headers: auth(seeded.learner),
    })
    expect(third.status()).toBe(409)
    await page.goto(`/mcq-test/${seeded.subTopicId}`)
    await expect(page.getByText('No attempts left')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Start test' })).toBeDisabled()
  })
})
