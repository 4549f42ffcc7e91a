import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { mswServer } from '../support/server.ts'
import { renderApp, testContext } from '../support/render.tsx'
import { insertVideo, seedCourse, signInAdmin, submitViaApi } from '../support/results.ts'
import { findToast } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

const figure = (label: string) => screen.findByRole('group', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}: `) })

describe('admin dashboard', () => {
  it('shows the figures (no profile card), attempts over 14 days as a chart with a table alternative, most-viewed videos and recent sign-ups', async () => {
    const course = await seedCourse()
    const ctx = testContext()
    const lena = await ctx.createUser({ name: 'Lena Learner' })
    const omar = await ctx.createUser({ name: 'Omar Learner' })
    await assignPackages(course.adminToken, lena.user.id, [course.packageId])
    await assignPackages(course.adminToken, omar.user.id, [course.packageId])
    await submitViaApi(lena.token, [course.adding.id, course.comparing.id], {})
    await submitViaApi(omar.token, [course.placeValue.id], {})
    await insertVideo(course.adding.id, 'Halves explained', 12)
    await insertVideo(course.comparing.id, 'Bigger or smaller', 3)
    await insertVideo(course.comparing.id, 'Nobody watched this', 0)
    signInAdmin(course)

    const { user } = renderApp('/dashboard')
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument()
    // The profile is the top bar's avatar and Settings: the dashboard does not repeat it.
    expect(screen.queryByRole('region', { name: 'Your profile' })).not.toBeInTheDocument()

    expect(await figure('Learners')).toHaveAccessibleName('Learners: 2')
    expect(await figure('Packages')).toHaveAccessibleName('Packages: 1')
    expect(await figure('Videos')).toHaveAccessibleName('Videos: 3')
    expect(await figure('Questions')).toHaveAccessibleName('Questions: 4')
    expect(await figure('Attempts (7 days)')).toHaveAccessibleName('Attempts (7 days): 3')
    // '(7 days)' never breaks inside: the label wraps, if it must, before it.
    expect(within(await figure('Attempts (7 days)')).getByText('(7 days)')).toHaveStyle({ whiteSpace: 'nowrap' })

    const chart = screen.getByRole('img', { name: /^Attempts per day over the last 14 days: 3 in total, the most on \d\d \w{3} \(3\)\.$/ })
    expect(chart.querySelectorAll('rect')).toHaveLength(1)
    // The same figures as a table: read by screen readers, shown on request.
    const table = screen.getByRole('table', { name: 'Test attempts, last 14 days' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(14)
    expect(within(rows[13]!).getAllByRole('cell')[1]).toHaveTextContent('3')
    expect(rows.slice(0, 13).every((r) => within(r).getAllByRole('cell')[1]!.textContent === '0')).toBe(true)
    const showTable = screen.getByRole('button', { name: 'Show table' })
    expect(showTable).toHaveAttribute('aria-expanded', 'false')
    await user.click(showTable)
    expect(screen.getByRole('button', { name: 'Show chart' })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.queryByRole('img', { name: /^Attempts per day/ })).not.toBeInTheDocument()
    expect(screen.getByRole('table', { name: 'Test attempts, last 14 days' })).toBeVisible()

    const videos = screen.getByRole('table', { name: 'Most-viewed videos' })
    expect(
      within(videos)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Halves explainedAdding fractions12', 'Bigger or smallerComparing fractions3'])
    expect(screen.getByRole('group', { name: 'Recent sign-ups' })).toBeInTheDocument()

    const signups = within(screen.getByRole('table', { name: 'Recent sign-ups' }))
    const names = signups
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent)
    expect(names.slice(0, 3)).toEqual([
      `Omar Learner${omar.user.email}`,
      `Lena Learner${lena.user.email}`,
      `Ada Admin${course.admin.email}`,
    ])
    for (const row of signups.getAllByRole('row').slice(1))
      expect(within(row).getAllByRole('cell')[1]!.textContent).toMatch(/^\d\d \w{3} \d{4}, \d\d:\d\d [AP]M$/)
    // An address breaks at its @ and dots on a narrow screen, not mid-word.
    const email = signups.getByText(course.admin.email)
    expect(email).not.toHaveStyle({ overflowWrap: 'anywhere' })
    expect(email.querySelectorAll('wbr').length).toBeGreaterThanOrEqual(2)
  })

  it('says no video has been played yet when every video has 0 views', async () => {
    const course = await seedCourse()
    await insertVideo(course.adding.id, 'Unwatched', 0)
    signInAdmin(course)
    renderApp('/dashboard')
    const section = await screen.findByRole('region', { name: 'Most-viewed videos' })
    expect(await within(section).findByText('No video has been played yet.')).toBeInTheDocument()
    expect(within(section).queryByRole('table')).not.toBeInTheDocument()
  })

  it('shows zero figures and empty lists on a fresh install', async () => {
    const course = await seedCourse({ withQuestions: false })
    signInAdmin(course)
    renderApp('/dashboard')
    expect(await figure('Learners')).toHaveAccessibleName('Learners: 0')
    expect(await figure('Attempts (7 days)')).toHaveAccessibleName('Attempts (7 days): 0')
    // No empty axis: the chart's place says there is nothing to draw, and there is no table to show instead.
    const attempts = screen.getByRole('region', { name: 'Test attempts, last 14 days' })
    expect(within(attempts).getByText('No test attempts in the last 14 days.')).toBeInTheDocument()
    expect(within(attempts).queryByRole('img')).not.toBeInTheDocument()
    expect(within(attempts).queryByRole('button', { name: 'Show table' })).not.toBeInTheDocument()
    expect(screen.getByText('No videos uploaded yet.')).toBeInTheDocument()
  })

  it("a failed load shows 'Failed to load dashboard figures' (toast and inline) under the page title; Retry loads them", async () => {
    const course = await seedCourse()
    signInAdmin(course)
    mswServer.use(http.get('*/api/reports/dashboard', () => HttpResponse.text('', { status: 500 })))
    const { user } = renderApp('/dashboard')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load dashboard figures')
    expect(await findToast('Failed to load dashboard figures')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Admin dashboard' })).toBeInTheDocument()
    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await figure('Questions')).toHaveAccessibleName('Questions: 4')
  })

  it('the figures refresh after a test is submitted in the same session', async () => {
    const course = await seedCourse()
    signInAdmin(course)
    const { user, router } = renderApp('/dashboard')
    expect(await figure('Attempts (7 days)')).toHaveAccessibleName('Attempts (7 days): 0')
    // The admin takes a test (admins may), then comes back.
    await act(() => router.navigate({ to: `/mcq-test/${course.comparing.id}` }))
    await user.click(await screen.findByRole('button', { name: 'Start test' }))
    await user.click(within(await screen.findByRole('group', { name: '1. Which is larger?' })).getByRole('checkbox', { name: 'B. 1/2' }))
    await user.click(screen.getByRole('button', { name: 'Submit Test' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 1')
    await act(() => router.navigate({ to: '/dashboard' }))
    await waitFor(async () => expect(await figure('Attempts (7 days)')).toHaveAccessibleName('Attempts (7 days): 1'))
  })
})
