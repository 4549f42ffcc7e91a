import { randomBytes } from 'node:crypto'
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { admin, api, loginViaApi, newLearner, registerViaApi, storeSession, type Session } from './support.ts'

/**
 * Tests and results, end to end: a learner takes 'Take Full Test' and a single sub-topic test (graded on the
 * server), sees the score and the marked answers, finds both attempts in the attempt history and in MCQ Results,
 * and an admin sees them counted in /reports. Everything is seeded through the API (the server runs with SEED_DEMO=false).
 */

interface Seeded {
  packageId: number
  packageTitle: string
  skillId: number
  topicId: number
  subTopics: { id: number; title: string }[]
  learner: Session
}

async function seed(request: APIRequestContext): Promise<Seeded> {
  const adminSession = await loginViaApi(request, admin.email, admin.password)
  const packageTitle = `E2E Numbers ${randomBytes(3).toString('hex')}`
  const pkg = await api<{ id: number; skills: { id: number }[] }>(request, adminSession, 'post', '/packages/createPackage', {
    title: packageTitle,
    description: 'Fractions and decimals.',
    price: '99.00',
    skills: [{ title: 'Fractions skill', description: 'Parts of a whole.', price: '49.00' }],
  })
  const skillId = pkg.skills[0]!.id
  const skill = await api<{ topics: { id: number; subTopics: { id: number; title: string }[] }[] }>(
    request,
    adminSession,
    'put',
    `/topic/by-skill/${skillId}`,
    {
      topics: [
        {
          title: 'Fractions',
          description: 'Numerators and denominators.',
          subTopics: [
            { title: 'Adding fractions', description: 'Common denominators.' },
            { title: 'Comparing fractions', description: 'Which is larger?' },
          ],
        },
      ],
    },
  )
  const [adding, comparing] = skill.topics[0]!.subTopics
  const mcq = (subTopicId: number, question: string, options: Record<string, string>, correctOption: string) =>
    api(request, adminSession, 'post', '/mcqs/create', { subTopicId, question, options: JSON.stringify(options), correctOption })
  await mcq(adding!.id, 'What is 1/2 + 1/4?', { A: '3/4', B: '2/6', C: 'na', D: 'NA' }, 'A')
  await mcq(adding!.id, 'Which fractions equal one half?', { A: '2/4', B: '3/4', C: '4/8', D: 'na' }, 'A,C')
  await mcq(comparing!.id, 'Which is larger?', { A: '1/3', B: '1/2' }, 'B')

  const credentials = newLearner('Results')
  await registerViaApi(request, credentials)
  const learner = await loginViaApi(request, credentials.email, credentials.password)
  await api(request, adminSession, 'put', `/user/${learner.user.id}/assign-packages`, { packageIds: [pkg.id] })
  return { packageId: pkg.id, packageTitle, skillId, topicId: skill.topics[0]!.id, subTopics: [adding!, comparing!], learner }
}

const question = (page: Page, name: string) => page.getByRole('group', { name })
const tick = (group: Locator, name: string) => group.getByRole('checkbox', { name }).check()
const answers = (page: Page) => page.getByRole('list', { name: 'Your answers' })
const answer = (page: Page, name: string) => answers(page).getByRole('listitem', { name })

test.describe('tests and results', () => {
  let seeded: Seeded

  test.beforeAll(async ({ request }) => {
    seeded = await seed(request)
  })

  test('a learner takes the full test and a single sub-topic test, then finds both attempts in the history and in MCQ Results; the admin sees them in /reports', async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const [adding, comparing] = seeded.subTopics
    const allIds = `${adding!.id},${comparing!.id}`
    await storeSession(page, seeded.learner)

    // 'Take Full Test' from the package viewer.
    await page.goto(`/topics/${seeded.packageId}`)
    const fullTest = page.getByRole('link', { name: 'Take Full Test' })
    await expect(fullTest).toHaveAttribute('href', `/mcq-test/${allIds}`)
    await fullTest.click()
    await expect(page).toHaveURL(new RegExp(`/mcq-test/${allIds.replace(',', '(,|%2C)')}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Test on 2 sub-topics' })).toBeVisible()
    // The answer key never reaches the learner: the sitting that Start starts has none.
    const sitting = page.waitForResponse((r) => r.url().includes('/api/mcq-attempts/start') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Start test' }).click()
    const payload = await (await sitting).text()
    expect(payload).not.toContain('correctOption')
    expect((JSON.parse(payload) as { data: { questions: unknown[] } }).data.questions).toHaveLength(3)

    const q1 = question(page, '1. What is 1/2 + 1/4?')
    await expect(q1.getByRole('checkbox')).toHaveCount(2) // 'na' and 'NA' hidden
    await tick(q1, 'A. 3/4')
    await tick(question(page, '2. Which fractions equal one half?'), 'A. 2/4') // partial: wrong
    await tick(question(page, '3. Which is larger?'), 'B. 1/2')
    await expect(page.getByText('3 of 3 answered')).toBeVisible()
    await page.getByRole('button', { name: 'Submit Test' }).click()

    await expect(page.getByRole('heading', { name: 'Test Completed' })).toBeVisible()
    await expect(page.getByRole('status')).toHaveText('You scored 2 out of 3')
    await expect(page.getByText('Test submitted and result saved!')).toBeVisible()
    await expect(answer(page, '1. What is 1/2 + 1/4?').getByText('Correct', { exact: true })).toBeVisible()
    const second = answer(page, '2. Which fractions equal one half?')
    await expect(second.getByText('Wrong', { exact: true })).toBeVisible()
    await expect(second.getByText(/Correct answer:/).locator('..')).toContainText('Correct answer: A, C · You chose A')
    await expect(answer(page, '3. Which is larger?').getByText('Correct', { exact: true })).toBeVisible()
    const perSubTopic = page.getByRole('table', { name: 'Score per sub-topic' })
    await expect(perSubTopic.getByRole('row', { name: /Adding fractions/ })).toContainText('1 / 2')
    await expect(perSubTopic.getByRole('row', { name: /Comparing fractions/ })).toContainText('1 / 1')

    // A single sub-topic test, all right.
    await page.goto(`/mcq-test/${adding!.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Adding fractions' })).toBeVisible()
    await page.getByRole('button', { name: 'Start test' }).click()
    await tick(question(page, '1. What is 1/2 + 1/4?'), 'A. 3/4')
    const half = question(page, '2. Which fractions equal one half?')
    await tick(half, 'A. 2/4')
    await tick(half, 'C. 4/8')
    await page.getByRole('button', { name: 'Submit Test' }).click()
    await expect(page.getByRole('status')).toHaveText('You scored 2 out of 2')
    await expect(answer(page, '2. Which fractions equal one half?').getByText('Correct', { exact: true })).toBeVisible()

    // The attempt history of that sub-topic: both attempts, newest first.
    await page.getByRole('link', { name: 'Attempt history' }).click()
    await expect(page).toHaveURL(new RegExp(`/mcq-test/attempt-history/${adding!.id}$`))
    const history = page.getByRole('table', { name: 'Attempts at Adding fractions' })
    await expect(history.getByRole('row')).toHaveCount(3)
    await expect(history.getByRole('row').nth(1).getByRole('cell')).toHaveText([
      '2',
      '2',
      '2',
      '2',
      /^\d\d \w{3} \d{4}, \d\d:\d\d [AP]M$/,
      '100 %',
      'Passed',
      'Review',
    ])
    await expect(history.getByRole('row').nth(2).getByRole('cell')).toHaveText([
      '1',
      '1',
      '1',
      '2',
      /^\d\d \w{3} \d{4}, \d\d:\d\d [AP]M$/,
      '50 %',
      'Not passed yet',
      'Review',
    ])

    // MCQ Results from My Packages.
    await page.goto('/user/packages')
    await page.getByRole('link', { name: 'MCQ Results' }).first().click()
    await expect(page).toHaveURL(new RegExp(`/mcq-test/resutls/${seeded.skillId}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'MCQ Results' })).toBeVisible()
    const toggle = page.getByRole('button', { name: 'View Attempts: Adding fractions' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await toggle.click()
    await expect(page.getByRole('button', { name: 'Hide Attempts: Adding fractions' })).toHaveAttribute('aria-expanded', 'true')
    const attempts = page.getByRole('table', { name: 'Attempts at Adding fractions' })
    await expect(attempts.getByRole('row')).toHaveCount(3)
    await expect(attempts.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText('2')
    await expect(attempts.getByRole('row').nth(2).getByRole('cell').nth(2)).toHaveText('1')
    await page.getByRole('button', { name: 'View Attempts: Comparing fractions' }).click()
    await expect(page.getByRole('table', { name: 'Attempts at Comparing fractions' }).getByRole('row')).toHaveCount(2)

    // The admin's report counts them: 2 attempts from the full test, 1 from the single test.
    const adminSession = await loginViaApi(page.request, admin.email, admin.password)
    await storeSession(page, adminSession)
    await page.goto('/reports')
    const row = page.getByRole('table', { name: 'Packages' }).getByRole('row', { name: new RegExp(seeded.packageTitle) })
    await expect(row.getByRole('cell')).toHaveText([seeded.packageTitle, '1', '3', '83.3%', 'View report'])
    await row.getByRole('link', { name: `View report: ${seeded.packageTitle}` }).click()
    const report = page.getByRole('region', { name: seeded.packageTitle })
    await expect(report.getByRole('group', { name: 'Tests taken: 3' })).toBeVisible()
    await expect(
      report.getByRole('img', {
        name: /^Average score per sub-topic: highest Comparing fractions 100\.0%, lowest Adding fractions 75\.0%\.$/,
      }),
    ).toBeVisible()
    const questions = report.getByRole('table', { name: 'Questions answered correctly' })
    await expect(questions.getByRole('row').nth(1)).toContainText('Which fractions equal one half?')
    await expect(questions.getByRole('row').nth(1)).toContainText('50.0%')

    // One CSV per table, chosen from the export menu.
    await report.getByRole('button', { name: 'Export CSV' }).click()
    const download = page.waitForEvent('download')
    await page.getByRole('menuitem', { name: 'Summary CSV' }).click()
    expect((await download).suggestedFilename()).toMatch(/^report-e2e-numbers-[0-9a-f]{6}-summary\.csv$/)

    // A sub-topic nobody has tested reads 'No attempts' in full: every bar label and value fits inside its chart.
    await api(page.request, adminSession, 'post', '/subTopic/addTopic', {
      topicId: seeded.topicId,
      title: 'Ordering fractions',
      description: 'Smallest to largest.',
    })
    await page.reload()
    await expect(report.locator('svg text', { hasText: 'No attempts' })).toHaveCount(1)
    const cut = await report.locator('svg').evaluateAll((charts) =>
      charts.flatMap((chart) => {
        const right = chart.getBoundingClientRect().right
        return [...chart.querySelectorAll('text')].filter((t) => t.getBoundingClientRect().right > right + 0.5).map((t) => t.textContent)
      }),
    )
    expect(cut).toEqual([])
  })
})
