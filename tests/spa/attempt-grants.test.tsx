import { screen, waitFor, within } from '@testing-library/react'
import { getTestSettings, setTestSettings, startViaApi, submitSittingViaApi } from '../support/assessment.ts'
import { renderApp, testContext } from '../support/render.tsx'
import { seedCourse, signInAdmin, signInLearner } from '../support/results.ts'
import { assignPackages } from '../support/users.ts'

/** 'Allow one more attempt' on a learner's results, in the admin's user detail page. */

/** A learner out of attempts at 'Adding fractions' (one allowed), with an attempt at the unlimited 'Comparing fractions'. */
async function learnerOutOfAttempts() {
  const course = await seedCourse()
  await setTestSettings(course.adminToken, course.adding.id, { maxAttempts: 1 })
  const learner = await testContext().createUser({ name: 'Lena Learner' })
  await assignPackages(course.adminToken, learner.user.id, [course.packageId])
  for (const subTopicId of [course.adding.id, course.comparing.id]) {
    const started = await startViaApi(learner.token, [subTopicId])
    await submitSittingViaApi(learner.token, started.body.data!.sittingId)
  }
  expect((await getTestSettings(learner.token, course.adding.id)).attemptsLeft).toBe(0)
  return { course, learner }
}

// Seeding, two sittings and an admin page on a machine that may be busy: a generous ceiling, never a wait.
describe('extra attempts on the user detail page', { timeout: 90_000 }, () => {
  it("an admin allows one more attempt: the learner's attempts left go up and the grant is listed with the admin's name", async () => {
    const { course, learner } = await learnerOutOfAttempts()
    signInAdmin(course)
    const { user } = renderApp(`/user/detail?id=${learner.user.id}`)
    const section = await screen.findByRole('region', { name: 'Extra attempts' })
    const allow = await within(section).findByRole('button', { name: 'Allow one more attempt at Adding fractions' })
    // Unlimited attempts: nothing to grant.
    expect(within(section).queryByRole('button', { name: /Comparing fractions/ })).not.toBeInTheDocument()

    await user.click(allow)
    const granted = await within(section).findByRole('table', { name: 'Attempts granted' })
    const row = within(granted).getAllByRole('row')[1]!
    expect(row).toHaveTextContent('Adding fractions')
    expect(row).toHaveTextContent('Ada Admin')
    expect(await screen.findByText('One more attempt granted')).toBeInTheDocument()
    await waitFor(async () => expect((await getTestSettings(learner.token, course.adding.id)).attemptsLeft).toBe(1))
  })

  it('a learner never sees the control: the page sends them to their dashboard', async () => {
    const { course } = await learnerOutOfAttempts()
    const me = await signInLearner(course, 'Other Learner')
    const { router } = renderApp(`/user/detail?id=${me.user.id}`)
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/my-dashboard'))
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('button', { name: /Allow one more attempt/ })).not.toBeInTheDocument()
  })
})
