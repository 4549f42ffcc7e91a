import { screen, within } from '@testing-library/react'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { assignPackages } from '../support/users.ts'

const outline = () => screen.getByRole('navigation', { name: 'Course content' })

describe("the viewer outline's sub-topic controls", () => {
  // Speech-input users say what they see: a control's name must contain its visible text, state included.
  it("are named by their visible text, the learner's state included", async () => {
    const admin = await testContext().createUser({ role: 'admin' })
    const pkg = await seedTree(admin.token, {
      title: 'Named Path',
      skills: [{ title: 'Basics', topics: [{ title: 'Start', subTopics: [{ title: 'Elements', videos: ['Intro to elements'] }] }] }],
    })
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    renderApp(`/topics/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Named Path', level: 1 })
    const control = await within(outline()).findByRole('button', { name: /^Elements/ })
    await within(control).findByText('0 %')
    expect(control).toHaveAccessibleName(/^Elements\s*0 %$/)
  })
})
