import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { captureDownloads } from '../support/downloads.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, testContext } from '../support/render.tsx'
import { seedCourse, signInAdmin, submitViaApi, type SeededCourse } from '../support/results.ts'
import { findToast } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

/**
 * Lena: q1 right, q2 wrong ('Adding fractions'), q3 right ('Comparing fractions'); Omar: q1 and q2 right.
 * Expected: q1 2 attempts, facility 100%, no spread → discrimination '—'; q2 50%; q3 1 attempt, 100%; the place-value
 * question is not answered yet. Too few attempts for any flag.
 */
async function seed(): Promise<SeededCourse> {
  const course = await seedCourse()
  const ctx = testContext()
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

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent)
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)
const questionColumn = (table: HTMLElement) => bodyRows(table).map((r) => cells(r)[0])

const Q1 = 'What is 1/2 + 1/4?'
const Q2 = 'Which fractions equal one half?'
const Q3 = 'Which is larger?'
const Q4 = 'Which digits are in the tenths place of 0.5 and 1.25?'

/** The report, then its item analysis, load one after the other: a longer wait than findBy's default on a busy machine. */
async function itemTable() {
  return screen.findByRole('table', { name: 'Item analysis' }, { timeout: 20_000 })
}

describe('item analysis in Reports', () => {
  it('lists each question with attempts, facility, discrimination, option pick rates, and no flag below 10 attempts', async () => {
    const course = await seed()
    signInAdmin(course)
    renderApp(`/reports?packageId=${course.packageId}`)
    const table = await itemTable()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Question', 'Sub-topic', 'Attempts', 'Facility', 'Discrimination', 'Flags', 'Options picked'])
    expect(bodyRows(table).map(cells)).toEqual([
      [Q1, 'Adding fractions', '2', '100%', '—', 'Too few attempts (2 of 10)', 'A (correct) 100% · B 0%'],
      [Q2, 'Adding fractions', '2', '50%', '—', 'Too few attempts (2 of 10)', 'A (correct) 100% · B 0% · C (correct) 50%'],
      [Q3, 'Comparing fractions', '1', '100%', '—', 'Too few attempts (1 of 10)', 'A 0% · B (correct) 100%'],
      [Q4, 'Place value', '0', 'Not answered yet', '—', 'Too few attempts (0 of 10)', 'A — · B (correct) — · C — · D (correct) —'],
    ])
    expect(within(table).getByRole('columnheader', { name: 'Flags' })).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('region', { name: 'Item analysis' })).toHaveTextContent('Flags need at least 10 attempts of a question.')
  })

  it('flags a question from 10 attempts on, with the whole flag text', async () => {
    const course = await seed()
    const ctx = testContext()
    const [q1, q2] = course.questions.adding
    for (let n = 0; n < 8; n++) {
      const learner = await ctx.createUser({ name: `Learner ${n}` })
      await assignPackages(course.adminToken, learner.user.id, [course.packageId])
      await submitViaApi(learner.token, [course.adding.id], { [q1!.id]: ['A'], [q2!.id]: ['A', 'C'] })
    }
    signInAdmin(course)
    renderApp(`/reports?packageId=${course.packageId}`)
    const table = await itemTable()
    const rows = bodyRows(table).map(cells)
    expect(rows[0]!.slice(0, 3)).toEqual([Q1, 'Adding fractions', '10'])
    const flags = within(bodyRows(table)[0]!).getAllByRole('cell')[5]!
    expect(within(flags).getByText('too easy')).toBeVisible()
    expect(rows.find((r) => r[0] === Q3)![5]).toBe('Too few attempts (1 of 10)')
  })

  it('sorts by any column; a second click reverses; questions without figures stay last', async () => {
    const course = await seed()
    signInAdmin(course)
    const { user } = renderApp(`/reports?packageId=${course.packageId}`)
    const table = await itemTable()
    const header = (name: string) => within(table).getByRole('columnheader', { name })

    await user.click(within(header('Facility')).getByRole('button'))
    expect(header('Facility')).toHaveAttribute('aria-sort', 'descending')
    expect(header('Flags')).not.toHaveAttribute('aria-sort')
    expect(questionColumn(table)).toEqual([Q1, Q3, Q2, Q4])
    await user.click(within(header('Facility')).getByRole('button'))
    expect(header('Facility')).toHaveAttribute('aria-sort', 'ascending')
    expect(questionColumn(table)).toEqual([Q2, Q1, Q3, Q4])

    await user.click(within(header('Question')).getByRole('button'))
    expect(header('Question')).toHaveAttribute('aria-sort', 'ascending')
    expect(questionColumn(table)).toEqual([Q1, Q4, Q2, Q3])

    await user.click(within(header('Attempts')).getByRole('button'))
    expect(questionColumn(table)).toEqual([Q1, Q2, Q3, Q4])
  })

  it("'Export item analysis CSV' saves the server's CSV under its file name; a failure says so", async () => {
    const course = await seed()
    signInAdmin(course)
    const saved = captureDownloads()
    const { user } = renderApp(`/reports?packageId=${course.packageId}`)
    await itemTable()
    await user.click(screen.getByRole('button', { name: 'Export item analysis CSV' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.name).toBe('items-numbers.csv')
    const lines = (await saved[0]!.blob.text()).trimEnd().split('\r\n')
    expect(lines[0]).toContain('"Question ID","Sub-topic","Question","Attempts"')
    expect(lines).toHaveLength(5)
    // Facility in percent, as on screen; too few attempts for a flag, as on screen.
    expect(lines.find((l) => l.includes(Q1))).toContain('"2","0","100","","A","100","0","","","Too few attempts (2 of 10)"')
    expect(await findToast('Item analysis exported')).toBeInTheDocument()

    mswServer.use(
      http.get('*/api/reports/items/export', () =>
        HttpResponse.json({ success: false, status: 500, message: 'Export broke' }, { status: 500 }),
      ),
    )
    await user.click(screen.getByRole('button', { name: 'Export item analysis CSV' }))
    expect(await findToast('Failed to export item analysis')).toBeInTheDocument()
    expect(saved).toHaveLength(1)
  })

  it('a failed load says so in place and Retry loads it; the rest of the report stays', async () => {
    const course = await seed()
    signInAdmin(course)
    let fail = true
    mswServer.use(
      http.get('*/api/reports/items', ({ request }) =>
        fail
          ? HttpResponse.json({ success: false, status: 500, message: 'Server error' }, { status: 500 })
          : testContext().app.fetch(request),
      ),
    )
    const { user } = renderApp(`/reports?packageId=${course.packageId}`)
    const section = await screen.findByRole('region', { name: 'Item analysis' })
    expect(await within(section).findByText('Server error')).toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Questions answered correctly' })).toBeInTheDocument()
    fail = false
    await user.click(within(section).getByRole('button', { name: 'Retry' }))
    expect(await itemTable()).toBeInTheDocument()
  })
})
