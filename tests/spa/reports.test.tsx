import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Package } from '../../contract/content.ts'
import { captureDownloads } from '../support/downloads.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, testContext } from '../support/render.tsx'
import { insertQuestions, seedCourse, signInAdmin, signInLearner, submitViaApi, type SeededCourse } from '../support/results.ts'
import { findToast } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

/**
 * Lena: 'Adding fractions' 1 of 2 (50%) and 'Comparing fractions' 1 of 1; Omar: 'Adding fractions' 2 of 2.
 * Expected: Numbers — 2 learners, 3 tests, average (50 + 100 + 100) / 3 = 83.3%; Adding 75%, Comparing 100%, Place value none.
 */
async function seedReport(): Promise<SeededCourse> {
  const course = await seedCourse()
  const ctx = testContext()
  await ctx.request<Package>('POST', '/api/packages/createPackage', {
    token: course.adminToken,
    body: {
      title: 'Words',
      description: 'Spelling.',
      price: '10.00',
      skills: [{ title: 'Spelling', description: 'Letters.', price: '5.00' }],
    },
  })
  const lena = await ctx.createUser({ name: 'Lena Learner' })
  const omar = await ctx.createUser({ name: 'Omar Learner' })
  await assignPackages(course.adminToken, lena.user.id, [course.packageId])
  await assignPackages(course.adminToken, omar.user.id, [course.packageId])
  const [q1, q2] = course.questions.adding
  const [q3] = course.questions.comparing
  await submitViaApi(lena.token, [course.adding.id, course.comparing.id], { [q1!.id]: ['A'], [q2!.id]: ['A'], [q3!.id]: ['B'] })
  await submitViaApi(omar.token, [course.adding.id], { [q1!.id]: ['A'], [q2!.id]: ['A', 'C'] })
  return course
}

describe('reports', () => {
  it('lists every package with its assigned learners, tests taken and average score', async () => {
    const course = await seedReport()
    signInAdmin(course)
    renderApp('/reports')
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Packages' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Package', 'Assigned learners', 'Tests taken', 'Average score', 'Report'])
    expect(bodyRows(table).map((r) => cells(r).slice(0, 4))).toEqual([
      ['Numbers', '2', '3', '83.3%'],
      ['Words', '0', '0', '—'],
    ])
    expect(screen.getByText('Choose a package to see its scores per sub-topic and per question.')).toBeInTheDocument()
  })

  it('a selected package shows its averages per sub-topic as a chart with a table alternative, and its questions lowest share first', async () => {
    const course = await seedReport()
    signInAdmin(course)
    const { user, router } = renderApp('/reports')
    await user.click(await screen.findByRole('link', { name: 'View report: Numbers' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ packageId: course.packageId }))
    const report = await screen.findByRole('region', { name: 'Numbers' })
    expect(within(report).getByRole('group', { name: 'Assigned learners: 2' })).toBeInTheDocument()
    expect(within(report).getByRole('group', { name: 'Tests taken: 3' })).toBeInTheDocument()
    expect(within(report).getByRole('group', { name: 'Average score: 83.3%' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View report: Numbers' })).toHaveAttribute('aria-current', 'page')

    expect(
      within(report).getByRole('img', {
        name: 'Average score per sub-topic: highest Comparing fractions 100.0%, lowest Adding fractions 75.0%. 1 sub-topic has no attempts yet.',
      }),
    ).toBeInTheDocument()
    const scores = within(report).getByRole('table', { name: 'Average score per sub-topic' })
    expect(bodyRows(scores).map(cells)).toEqual([
      ['Fractions › Adding fractions', '75.0%'],
      ['Fractions › Comparing fractions', '100.0%'],
      ['Decimals › Place value', 'No attempts'],
    ])
    await user.click(within(report).getByRole('button', { name: 'Show table' }))
    expect(within(report).getByRole('table', { name: 'Average score per sub-topic' })).toBeVisible()

    const questions = within(report).getByRole('table', { name: 'Questions answered correctly' })
    expect(
      within(questions)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Question', 'Correct', 'Answered', 'Sub-topic'])
    expect(bodyRows(questions).map(cells)).toEqual([
      ['1', 'Which fractions equal one half?', '50.0%', '2', 'Adding fractions'],
      ['2', 'What is 1/2 + 1/4?', '100.0%', '2', 'Adding fractions'],
      ['3', 'Which is larger?', '100.0%', '1', 'Comparing fractions'],
      ['4', 'Which digits are in the tenths place of 0.5 and 1.25?', 'Not answered yet', '0', 'Place value'],
    ])
  })

  it('pages a long question list, 10 a page', async () => {
    const course = await seedReport()
    await insertQuestions(course.placeValue.id, 12)
    signInAdmin(course)
    const { user, router } = renderApp(`/reports?packageId=${course.packageId}`)
    const questions = await screen.findByRole('table', { name: 'Questions answered correctly' })
    expect(bodyRows(questions)).toHaveLength(10)
    expect(screen.getByText('Questions 1–10 of 16')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(() => expect(screen.getByText('Questions 11–16 of 16')).toBeInTheDocument())
    expect(router.state.location.search).toEqual({ packageId: course.packageId, page: 2 })
    const second = bodyRows(screen.getByRole('table', { name: 'Questions answered correctly' }))
    expect(second).toHaveLength(6)
    expect(cells(second[0]!)[0]).toBe('11')
    expect(second.every((r) => cells(r)[2] === 'Not answered yet')).toBe(true)
  })

  it("'Export CSV' offers one CSV per table, each saved under the server's file name (or report-{id}-{table}.csv)", async () => {
    const course = await seedReport()
    signInAdmin(course)
    const saved = captureDownloads()
    const { user } = renderApp(`/reports?packageId=${course.packageId}`)
    const exportAs = async (item: string) => {
      await user.click(await screen.findByRole('button', { name: 'Export CSV' }))
      await user.click(await screen.findByRole('menuitem', { name: item }))
    }
    await exportAs('Summary CSV')
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.name).toBe('report-numbers-summary.csv')
    expect((await saved[0]!.blob.text()).trimEnd().split('\r\n')).toHaveLength(2)
    expect(await findToast('Report exported')).toBeInTheDocument()

    await exportAs('Sub-topic scores CSV')
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(saved[1]!.name).toBe('report-numbers-sub-topics.csv')
    expect(await saved[1]!.blob.text()).toMatch(/^"Skill","Topic","Sub-topic","Attempts","Average score %"\r\n/)

    await exportAs('Questions CSV')
    await waitFor(() => expect(saved).toHaveLength(3))
    expect(saved[2]!.name).toBe('report-numbers-questions.csv')
    const questions = await saved[2]!.blob.text()
    expect(questions).toContain('Which fractions equal one half?')
    expect(questions).not.toContain('"Skill","Topic"')

    mswServer.use(
      http.get('*/api/reports/packages/:id/export', () => new HttpResponse('a,b\n1,2\n', { headers: { 'content-type': 'text/csv' } })),
    )
    await exportAs('Questions CSV')
    await waitFor(() => expect(saved).toHaveLength(4))
    expect(saved[3]!.name).toBe(`report-${course.packageId}-questions.csv`)

    mswServer.use(
      http.get('*/api/reports/packages/:id/export', () =>
        HttpResponse.json({ success: false, status: 500, message: 'Export broke' }, { status: 500 }),
      ),
    )
    await exportAs('Summary CSV')
    expect(await findToast('Failed to export report')).toBeInTheDocument()
    expect(saved).toHaveLength(4)
  })

  it("a failed load shows 'Failed to load reports' (toast and inline); Retry loads them", async () => {
    const course = await seedReport()
    signInAdmin(course)
    mswServer.use(http.get('*/api/reports/packages', () => HttpResponse.text('', { status: 500 })))
    const { user } = renderApp('/reports')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load reports')
    expect(await findToast('Failed to load reports')).toBeInTheDocument()
    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('table', { name: 'Packages' })).toBeInTheDocument()
  })

  it("shows the server's message for a package that does not exist", async () => {
    const course = await seedReport()
    signInAdmin(course)
    renderApp('/reports?packageId=9999')
    expect(await screen.findByText('Package not found')).toBeInTheDocument()
  })

  it('counts a test a learner submits in the same session', async () => {
    const course = await seedReport()
    signInAdmin(course)
    const { router, user } = renderApp(`/reports?packageId=${course.packageId}`)
    expect(await screen.findByRole('group', { name: 'Tests taken: 3' })).toBeInTheDocument()
    await act(() => router.navigate({ to: `/mcq-test/${course.placeValue.id}` }))
    await user.click(await screen.findByRole('button', { name: 'Start test' }))
    const q = await screen.findByRole('group', { name: /^1\. Which digits/ })
    await user.click(within(q).getByRole('checkbox', { name: 'B. 5' }))
    await user.click(screen.getByRole('button', { name: 'Submit Test' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 0 out of 1')
    await act(() => router.navigate({ to: '/reports', search: { packageId: course.packageId } }))
    expect(await screen.findByRole('group', { name: 'Tests taken: 4' })).toBeInTheDocument()
    expect(bodyRows(screen.getByRole('table', { name: 'Packages' })).map((r) => cells(r)[2])).toEqual(['4', '0'])
  })

  it('learners are sent to their own dashboard', async () => {
    const course = await seedCourse({ withQuestions: false })
    await signInLearner(course)
    const { router } = renderApp('/reports')
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-dashboard'))
  })
})
