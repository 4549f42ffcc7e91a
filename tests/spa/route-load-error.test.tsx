import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Package } from '../../contract/content.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedCourse, signInLearner } from '../support/results.ts'

type Course = Awaited<ReturnType<typeof seedCourse>>

const serverDown = () => HttpResponse.json({ success: false, message: 'Database unavailable', status: 500 }, { status: 500 })

/** The one load-failure view: the screen's failure text with the server's reason, announced, and Retry beside it. */
async function findLoadFailure(failureText: string) {
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent(`${failureText}. Database unavailable`)
  return within(alert.parentElement!).getByRole('button', { name: 'Retry' })
}

describe('a route whose data fails to load', () => {
  it('shows the same failure view with Retry on a learner route and an admin route, and Retry loads the page', async () => {
    await signInAs('USER', { name: 'Lena' })
    mswServer.use(http.get('*/api/user/getUserByEmail', serverDown))
    const learner = renderApp('/user/settings')
    const retrySettings = await findLoadFailure('Failed to load user information')
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeInTheDocument()

    mswServer.resetHandlers()
    await learner.user.click(retrySettings)
    expect(await screen.findByRole('form', { name: 'Edit profile' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    learner.unmount()

    const { token } = await signInAs('admin')
    const created = await testContext().request<Package>('POST', '/api/packages/createPackage', {
      token,
      body: {
        title: 'Recovered Package',
        description: 'Back again',
        price: '100.00',
        skills: [{ title: 'First skill', description: 'Its skill', price: '10.00' }],
      },
    })
    const id = created.body.data!.id
    mswServer.use(http.get(`*/api/packages/${id}`, serverDown))
    const admin = renderApp(`/package/${id}`)
    const retryPackage = await findLoadFailure('Failed to load package')
    expect(screen.getByRole('link', { name: 'Back to packages' })).toBeInTheDocument()

    mswServer.resetHandlers()
    await admin.user.click(retryPackage)
    expect(await screen.findByRole('heading', { name: 'Recovered Package' })).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe("the quiz routes' load failures", () => {
  it.each([
    {
      screenName: 'the test',
      path: (c: Course) => `/mcq-test/${c.adding.id}`,
      failing: '*/api/mcq-attempts/overview',
      title: 'Test',
      failureText: 'Failed to load MCQs',
      loaded: () => screen.findByRole('button', { name: 'Start test' }),
    },
    {
      screenName: 'the attempt history',
      path: (c: Course) => `/mcq-test/attempt-history/${c.adding.id}`,
      failing: '*/api/mcq-attempts/bySubTopic',
      title: 'Attempt History',
      failureText: 'Failed to fetch attempt history',
      loaded: () => screen.findByText('No attempts found for this SubTopic.'),
    },
    {
      screenName: 'the MCQ results',
      path: (c: Course) => `/mcq-test/resutls/${c.skill.id}`,
      failing: '*/api/mcq-attempts/byMultipleSubTopicIds',
      title: 'MCQ Results',
      failureText: 'Failed to fetch topics or attempts',
      loaded: () => screen.findByRole('table', { name: 'Topics and their sub-topics' }),
    },
  ])(
    '$screenName: the one failure view with the server’s reason under the page title; Retry loads the page',
    async ({ path, failing, title, failureText, loaded }) => {
      const course = await seedCourse()
      await signInLearner(course)
      mswServer.use(http.get(failing, serverDown))
      const { user } = renderApp(path(course))
      const retry = await findLoadFailure(failureText)
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()

      mswServer.resetHandlers()
      await user.click(retry)
      expect(await loaded()).toBeInTheDocument()
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    },
  )
})

describe('a section whose data fails to load', () => {
  it('shows the same failure view with Retry inside the page, and Retry reads that section again', async () => {
    await signInAs('USER', { name: 'Lena Learner' })
    mswServer.use(http.get('*/api/user/getUserByEmail', serverDown))
    const { user } = renderApp('/user/my-dashboard')
    const card = await screen.findByRole('region', { name: 'Your profile' })
    const alert = await within(card).findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load user information.')

    mswServer.resetHandlers()
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Retry' }))
    expect(await within(card).findByText('Lena Learner')).toBeInTheDocument()
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument()
  })
})
