import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Package, SkillWithTopics } from '../../contract/content.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'

interface Seeded {
  token: string
  packageId: number
  skillId: number
  otherSkillId: number
  skill: SkillWithTopics
}

/** A package with two skills; the first has two topics: 'Linear equations' (two sub-topics) and 'Quadratics' (none). */
async function seed(): Promise<Seeded> {
  const { token } = await signInAs('admin')
  const ctx = testContext()
  const created = await ctx.request<Package>('POST', '/api/packages/createPackage', {
    token,
    body: {
      title: 'Maths Foundations',
      description: 'Numbers, algebra and geometry.',
      price: '499.00',
      skills: [
        { title: 'Algebra', description: 'Equations and expressions.', price: '199.00' },
        { title: 'Geometry', description: 'Shapes and angles.', price: '199.00' },
      ],
    },
  })
  expect(created.status).toBe(201)
  const [algebra, geometry] = created.body.data!.skills
  const saved = await ctx.request<SkillWithTopics>('PUT', `/api/topic/by-skill/${algebra!.id}`, {
    token,
    body: {
      topics: [
        {
          title: 'Linear equations',
          description: 'Equations of the first degree.',
          subTopics: [
            { title: 'One variable', description: 'Solve ax + b = c.' },
            { title: 'Two variables', description: 'Systems of two equations.' },
          ],
        },
        { title: 'Quadratics', description: 'Second-degree equations.', subTopics: [] },
      ],
    },
  })
  expect(saved.status).toBe(200)
  return { token, packageId: created.body.data!.id, skillId: algebra!.id, otherSkillId: geometry!.id, skill: saved.body.data! }
}

async function fetchSkill(token: string, skillId: number) {
  const res = await testContext().request<SkillWithTopics>('GET', `/api/skills/skills/${skillId}/topics`, { token })
  expect(res.status).toBe(200)
  return res.body.data!
}

const topicRegion = (name: string | RegExp) => screen.getByRole('region', { name })
const saveAllButton = () => screen.getByRole('button', { name: 'Save All' })

/** Puts text in a field the way a paste does (one change), keeping long texts quick to enter. */
async function paste(user: ReturnType<typeof renderApp>['user'], field: HTMLElement, text: string) {
  await user.click(field)
  await user.paste(text)
}

/** Counts Save All requests while still letting them through to the real server. */
function countSaves() {
  const calls: unknown[] = []
  mswServer.use(
    http.put('*/api/topic/by-skill/:skillId', async ({ request }) => {
      calls.push(await request.clone().json())
      return testContext().app.fetch(request)
    }),
  )
  return calls
}

async function openEditor(skillId: number) {
  const view = renderApp(`/topic/add/${skillId}`)
  expect(await screen.findByRole('heading', { name: 'Algebra', level: 1 })).toBeInTheDocument()
  return view
}

describe('topic editor: loading', () => {
  it('shows the skill and package titles, the topics and sub-topics, and "No subtopics added." for a topic without any', async () => {
    const { skillId, skill } = await seed()
    await openEditor(skillId)
    expect(screen.getByText('Topics and sub-topics · Package: Maths Foundations')).toBeInTheDocument()

    const linear = topicRegion('Topic 1: Linear equations')
    expect(within(linear).getByLabelText(/Topic title/)).toHaveValue('Linear equations')
    expect(within(linear).getByLabelText(/Topic description/)).toHaveValue('Equations of the first degree.')
    const subTitles = within(linear).getAllByLabelText(/Sub-topic title/)
    expect(subTitles.map((input) => (input as HTMLInputElement).value)).toEqual(['One variable', 'Two variables'])
    expect(within(linear).queryByText('No subtopics added.')).not.toBeInTheDocument()

    const quadratics = topicRegion('Topic 2: Quadratics')
    expect(within(quadratics).getByText('No subtopics added.')).toBeInTheDocument()
    expect(screen.getByText('All changes saved')).toBeInTheDocument()

    // Each saved sub-topic links to its questions.
    const [one, two] = skill.topics[0]!.subTopics
    expect(within(linear).getByRole('link', { name: 'View Added Questions for One variable' })).toHaveAttribute(
      'href',
      `/subtopic-mcqs/${one!.id}`,
    )
    expect(within(linear).getByRole('link', { name: 'View Added Questions for Two variables' })).toHaveAttribute(
      'href',
      `/subtopic-mcqs/${two!.id}`,
    )
    expect(within(linear).getByRole('link', { name: 'Open sub-topic One variable' })).toHaveAttribute('href', `/subtopic/${one!.id}`)
  })

  it("shows 'Failed to fetch topics' as a toast and inline, and Retry loads the page", async () => {
    const { skillId } = await seed()
    mswServer.use(
      http.get('*/api/skills/skills/:skillId/topics', () =>
        HttpResponse.json({ success: false, message: 'Database unavailable' }, { status: 500 }),
      ),
    )
    const { user } = renderApp(`/topic/add/${skillId}`)
    const inline = await screen.findByRole('alert')
    expect(inline).toHaveTextContent('Failed to fetch topics. Database unavailable')
    expect(await screen.findByText('Failed to fetch topics', { selector: '[data-title]' })).toBeInTheDocument()

    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Algebra', level: 1 })).toBeInTheDocument()
    expect(topicRegion('Topic 1: Linear equations')).toBeInTheDocument()
  })

  it('says so when the skill does not exist, and shows the not-found page for a malformed id', async () => {
    await signInAs('admin')
    const missing = renderApp('/topic/add/9999')
    expect(await screen.findByText('Skill not found: 9999')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to packages' })).toHaveAttribute('href', '/package')
    missing.unmount()

    renderApp('/topic/add/abc')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  it('is for administrators only', async () => {
    const { skillId } = await seed()
    localStorage.clear()
    await signInAs('USER')
    const { pathname } = renderApp(`/topic/add/${skillId}`)
    await waitFor(() => expect(pathname()).toBe('/user/my-dashboard'))
  })
})

describe('topic editor: Save All', () => {
  it('adds a topic with sub-topics and saves everything in one request', async () => {
    const { token, skillId } = await seed()
    const saves = countSaves()
    const { user } = await openEditor(skillId)

    await user.click(screen.getByRole('button', { name: 'Add topic' }))
    const fresh = topicRegion('Topic 3')
    // The new topic's title field has the focus, ready for typing.
    expect(within(fresh).getByLabelText(/Topic title/)).toHaveFocus()
    expect(within(fresh).getByText('New')).toBeInTheDocument()
    expect(within(fresh).getByText('No subtopics added.')).toBeInTheDocument()
    await user.keyboard('Inequalities')
    await paste(user, within(fresh).getByLabelText(/Topic description/), 'Comparing expressions.')
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()

    const topic3 = topicRegion('Topic 3: Inequalities')
    await user.click(within(topic3).getByRole('button', { name: 'Add sub-topic to Inequalities' }))
    expect(within(topic3).getByLabelText(/Sub-topic title/)).toHaveFocus()
    await user.paste('Linear inequalities')
    await paste(user, within(topic3).getByLabelText(/Sub-topic description/), 'One variable, on a number line.')
    await user.click(within(topic3).getByRole('button', { name: 'Add sub-topic to Inequalities' }))
    const secondSub = within(topic3).getByRole('group', { name: 'Sub-topic 3.2' })
    await paste(user, within(secondSub).getByLabelText(/Sub-topic title/), 'Absolute value')
    await paste(user, within(secondSub).getByLabelText(/Sub-topic description/), '|x| < a and friends.')
    // A new sub-topic has no questions page yet.
    expect(within(topic3).queryByRole('link', { name: /View Added Questions/ })).not.toBeInTheDocument()

    // Also add a sub-topic to an existing topic.
    const quadratics = topicRegion('Topic 2: Quadratics')
    await user.click(within(quadratics).getByRole('button', { name: 'Add sub-topic to Quadratics' }))
    await user.paste('Factoring')
    await paste(user, within(quadratics).getByLabelText(/Sub-topic description/), 'x² + bx + c = (x + p)(x + q).')

    await user.click(saveAllButton())
    expect(await screen.findByText('Topics & Subtopics saved!')).toBeInTheDocument()
    expect(saves).toHaveLength(1)
    expect(await screen.findByText('All changes saved')).toBeInTheDocument()

    const stored = await fetchSkill(token, skillId)
    expect(stored.topics.map((t) => t.title)).toEqual(['Linear equations', 'Quadratics', 'Inequalities'])
    expect(stored.topics[1]!.subTopics.map((s) => [s.title, s.description])).toEqual([['Factoring', 'x² + bx + c = (x + p)(x + q).']])
    expect(stored.topics[2]!.description).toBe('Comparing expressions.')
    expect(stored.topics[2]!.subTopics.map((s) => s.title)).toEqual(['Linear inequalities', 'Absolute value'])

    // The draft is now the saved result: no 'New' marks, and the new sub-topics link to their questions.
    const saved3 = topicRegion('Topic 3: Inequalities')
    expect(within(saved3).queryByText('New')).not.toBeInTheDocument()
    const absolute = stored.topics[2]!.subTopics[1]!
    expect(within(saved3).getByRole('link', { name: 'View Added Questions for Absolute value' })).toHaveAttribute(
      'href',
      `/subtopic-mcqs/${absolute.id}`,
    )
  })

  it('edits existing titles and descriptions in place; ids are kept', async () => {
    const { token, skillId, skill } = await seed()
    const saves = countSaves()
    const { user } = await openEditor(skillId)

    const linear = topicRegion('Topic 1: Linear equations')
    const title = within(linear).getByLabelText(/Topic title/)
    await user.clear(title)
    await paste(user, title, '  Linear equations and graphs  ')
    const firstSub = within(linear).getByRole('group', { name: 'Sub-topic 1.1: One variable' })
    const subDescription = within(firstSub).getByLabelText(/Sub-topic description/)
    await user.clear(subDescription)
    await paste(user, subDescription, 'Solve for x, then check.')

    await user.click(saveAllButton())
    expect(await screen.findByText('Topics & Subtopics saved!')).toBeInTheDocument()
    // Sent trimmed, with the ids of the rows that exist.
    expect(saves).toHaveLength(1)
    expect(saves[0]).toMatchObject({
      topics: [
        {
          id: skill.topics[0]!.id,
          title: 'Linear equations and graphs',
          subTopics: [
            { id: skill.topics[0]!.subTopics[0]!.id, description: 'Solve for x, then check.' },
            { id: skill.topics[0]!.subTopics[1]!.id },
          ],
        },
        { id: skill.topics[1]!.id, title: 'Quadratics', subTopics: [] },
      ],
      deletedTopicIds: [],
      deletedSubTopicIds: [],
    })

    const stored = await fetchSkill(token, skillId)
    expect(stored.topics.map((t) => t.id)).toEqual(skill.topics.map((t) => t.id))
    expect(stored.topics[0]!.title).toBe('Linear equations and graphs')
    expect(stored.topics[0]!.subTopics.map((s) => s.id)).toEqual(skill.topics[0]!.subTopics.map((s) => s.id))
    expect(stored.topics[0]!.subTopics[0]!.description).toBe('Solve for x, then check.')
    expect(within(topicRegion('Topic 1: Linear equations and graphs')).getByLabelText(/Topic title/)).toHaveValue(
      'Linear equations and graphs',
    )
  })

  it('marks blank titles and descriptions on their fields and sends nothing while any is invalid', async () => {
    const { token, skillId } = await seed()
    const saves = countSaves()
    const { user } = await openEditor(skillId)

    const linear = topicRegion('Topic 1: Linear equations')
    await user.clear(within(linear).getByLabelText(/Topic title/))
    await user.click(screen.getByRole('button', { name: 'Add topic' }))
    const fresh = topicRegion('Topic 3')
    await user.type(within(fresh).getByLabelText(/Topic title/), '   ')

    await user.click(saveAllButton())
    const topicTitle = within(topicRegion('Topic 1')).getByLabelText(/Topic title/)
    expect(topicTitle).toHaveAttribute('aria-invalid', 'true')
    expect(topicTitle).toHaveAccessibleDescription('Title is required')
    // The first invalid field gets the focus.
    expect(topicTitle).toHaveFocus()
    expect(within(fresh).getByLabelText(/Topic title/)).toHaveAccessibleDescription('Title is required')
    expect(within(fresh).getByLabelText(/Topic description/)).toHaveAccessibleDescription('Description is required')
    expect(screen.getByText('3 fields need attention: fix them and save again.')).toBeInTheDocument()
    expect(saves).toHaveLength(0)

    // Fixing a field clears its message at once; the rest stay marked.
    await user.type(topicTitle, 'Linear equations')
    expect(topicTitle).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('2 fields need attention: fix them and save again.')).toBeInTheDocument()
    await user.click(saveAllButton())
    expect(saves).toHaveLength(0)

    await user.click(within(fresh).getByRole('button', { name: 'Delete topic #3' }))
    expect(screen.queryByRole('region', { name: /Topic 3/ })).not.toBeInTheDocument()
    expect(screen.queryByText(/need attention/)).not.toBeInTheDocument()
    await user.click(saveAllButton())
    expect(await screen.findByText('Topics & Subtopics saved!')).toBeInTheDocument()
    expect(saves).toHaveLength(1)
    expect((await fetchSkill(token, skillId)).topics).toHaveLength(2)
  })

  it('leaves a row added after a failed Save All unmarked until the user types in it or saves again', async () => {
    const { skillId } = await seed()
    const { user } = await openEditor(skillId)
    await user.clear(within(topicRegion('Topic 1: Linear equations')).getByLabelText(/Topic title/))
    await user.click(saveAllButton())
    expect(within(topicRegion('Topic 1')).getByLabelText(/Topic title/)).toHaveAccessibleDescription('Title is required')

    const quadratics = topicRegion('Topic 2: Quadratics')
    await user.click(within(quadratics).getByRole('button', { name: 'Add sub-topic to Quadratics' }))
    const added = within(quadratics)
      .getAllByRole('group', { name: /^Sub-topic 2\./ })
      .at(-1)!
    const title = within(added).getByLabelText(/Sub-topic title/)
    const description = within(added).getByLabelText(/Sub-topic description/)
    expect(title).not.toHaveAttribute('aria-invalid', 'true')
    expect(description).not.toHaveAttribute('aria-invalid', 'true')

    // Typing and then clearing a field is an edit: its message follows the draft again.
    await user.type(title, 'x')
    await user.clear(title)
    expect(title).toHaveAccessibleDescription('Title is required')
    expect(description).not.toHaveAttribute('aria-invalid', 'true')

    await user.click(saveAllButton())
    expect(description).toHaveAccessibleDescription('Description is required')
  })

  it("shows 'Failed to save topics' and the server's message, and keeps the draft", async () => {
    const { token, skillId } = await seed()
    mswServer.use(
      http.put('*/api/topic/by-skill/:skillId', () =>
        HttpResponse.json({ success: false, message: 'Something broke on our side' }, { status: 500 }),
      ),
    )
    const { user } = await openEditor(skillId)

    const quadratics = topicRegion('Topic 2: Quadratics')
    const title = within(quadratics).getByLabelText(/Topic title/)
    await user.clear(title)
    await user.type(title, 'Quadratic equations')
    await user.click(saveAllButton())

    expect(await screen.findByText('Failed to save topics')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: Something broke on our side')
    expect(screen.queryByText('Topics & Subtopics saved!')).not.toBeInTheDocument()
    expect(title).toHaveValue('Quadratic equations')
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
    expect((await fetchSkill(token, skillId)).topics[1]!.title).toBe('Quadratics')

    // Once the server answers again, the same draft saves.
    mswServer.resetHandlers()
    await user.click(saveAllButton())
    expect(await screen.findByText('Topics & Subtopics saved!')).toBeInTheDocument()
    expect(screen.queryByText(/Not saved:/)).not.toBeInTheDocument()
    expect((await fetchSkill(token, skillId)).topics[1]!.title).toBe('Quadratic equations')
  })

  it('maps field errors the server names back onto the fields', async () => {
    const { skillId } = await seed()
    mswServer.use(
      http.put('*/api/topic/by-skill/:skillId', () =>
        HttpResponse.json(
          {
            success: false,
            message: 'topics.1.description: Description is too vague',
            errorDetails: { 'topics.1.description': 'Description is too vague' },
          },
          { status: 400 },
        ),
      ),
    )
    const { user } = await openEditor(skillId)
    await user.click(saveAllButton())
    expect(await screen.findByText('Failed to save topics')).toBeInTheDocument()
    const description = within(topicRegion('Topic 2: Quadratics')).getByLabelText(/Topic description/)
    expect(description).toHaveAccessibleDescription('Description is too vague')
    await user.type(description, ' More.')
    expect(description).not.toHaveAttribute('aria-invalid', 'true')
  })
})

describe('topic editor: deleting', () => {
  it("deletes a saved topic after confirming ('Topic deleted'), keeping other unsaved edits", async () => {
    const { token, skillId, skill } = await seed()
    const { user } = await openEditor(skillId)

    // An unsaved edit elsewhere survives the delete.
    const quadTitle = within(topicRegion('Topic 2: Quadratics')).getByLabelText(/Topic title/)
    await user.type(quadTitle, '!')

    await user.click(screen.getByRole('button', { name: 'Delete topic Linear equations' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete topic' })
    expect(dialog).toHaveTextContent('Are you sure you want to delete the topic ‘Linear equations’?')
    expect(dialog).toHaveTextContent('Its 2 sub-topics, with their videos, study materials and questions, are deleted with it.')

    // Cancel keeps it.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(topicRegion('Topic 1: Linear equations')).toBeInTheDocument()

    // A topic without sub-topics says so.
    await user.click(screen.getByRole('button', { name: 'Delete topic Quadratics!' }))
    const other = await screen.findByRole('dialog', { name: 'Delete topic' })
    expect(other).toHaveTextContent('It has no sub-topics. This cannot be undone.')
    await user.click(within(other).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Delete topic Linear equations' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete topic' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Topic deleted')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('region', { name: /Linear equations/ })).not.toBeInTheDocument())

    const stored = await fetchSkill(token, skillId)
    expect(stored.topics.map((t) => t.id)).toEqual([skill.topics[1]!.id])
    const gone = await testContext().request('GET', `/api/subTopic/${skill.topics[0]!.subTopics[0]!.id}`, { token })
    expect(gone.status).toBe(404)

    expect(within(topicRegion('Topic 1: Quadratics!')).getByLabelText(/Topic title/)).toHaveValue('Quadratics!')
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
  })

  it("deletes a saved sub-topic after confirming ('SubTopic deleted')", async () => {
    const { token, skillId, skill } = await seed()
    const { user } = await openEditor(skillId)

    await user.click(screen.getByRole('button', { name: 'Delete sub-topic Two variables' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete sub-topic' })
    expect(dialog).toHaveTextContent('Are you sure you want to delete the sub-topic ‘Two variables’?')
    expect(dialog).toHaveTextContent('Its videos, study materials and questions are deleted with it.')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('SubTopic deleted')).toBeInTheDocument()

    const linear = topicRegion('Topic 1: Linear equations')
    await waitFor(() => expect(within(linear).getAllByRole('group')).toHaveLength(1))
    expect(within(linear).getByLabelText(/Sub-topic title/)).toHaveValue('One variable')
    expect(screen.getByText('All changes saved')).toBeInTheDocument()
    const stored = await fetchSkill(token, skillId)
    expect(stored.topics[0]!.subTopics.map((s) => s.id)).toEqual([skill.topics[0]!.subTopics[0]!.id])
  })

  it('removes rows never saved without asking or calling the server', async () => {
    const { skillId } = await seed()
    const deletes: string[] = []
    mswServer.use(
      http.delete('*/api/*', ({ request }) => {
        deletes.push(request.url)
        return testContext().app.fetch(request)
      }),
    )
    const { user } = await openEditor(skillId)
    const quadratics = topicRegion('Topic 2: Quadratics')
    await user.click(within(quadratics).getByRole('button', { name: 'Add sub-topic to Quadratics' }))
    await user.keyboard('Draft idea')
    await user.click(within(quadratics).getByRole('button', { name: 'Delete sub-topic Draft idea' }))
    expect(within(quadratics).getByText('No subtopics added.')).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('All changes saved')).toBeInTheDocument()
    expect(deletes).toEqual([])
  })

  it('shows the server message when a delete fails, and keeps the row', async () => {
    const { skillId } = await seed()
    mswServer.use(
      http.delete('*/api/subTopic/:id', () => HttpResponse.json({ success: false, message: 'SubTopic not found' }, { status: 404 })),
    )
    const { user } = await openEditor(skillId)
    await user.click(screen.getByRole('button', { name: 'Delete sub-topic One variable' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete sub-topic' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('SubTopic not found')).toBeInTheDocument()
    expect(screen.queryByText('SubTopic deleted')).not.toBeInTheDocument()
    expect(within(topicRegion('Topic 1: Linear equations')).getAllByRole('group')).toHaveLength(2)
  })
})

describe('topic editor: unsaved changes', () => {
  it('asks before leaving with unsaved edits: Cancel stays, Leave goes', async () => {
    const { skillId } = await seed()
    const { user, pathname } = await openEditor(skillId)
    await user.type(within(topicRegion('Topic 2: Quadratics')).getByLabelText(/Topic description/), ' Edited.')

    await user.click(screen.getByRole('link', { name: 'Back to packages' }))
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' })
    expect(dialog).toHaveTextContent('You have unsaved changes to these topics and sub-topics.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(pathname()).toBe(`/topic/add/${skillId}`)
    expect(within(topicRegion('Topic 2: Quadratics')).getByLabelText(/Topic description/)).toHaveValue('Second-degree equations. Edited.')

    await user.click(screen.getByRole('link', { name: 'Back to packages' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Leave' }))
    await waitFor(() => expect(pathname()).toBe('/package'))
  })

  it('leaves without asking when nothing changed, or once the changes are saved', async () => {
    const { skillId } = await seed()
    const first = await openEditor(skillId)
    await first.user.click(screen.getByRole('link', { name: 'Back to packages' }))
    await waitFor(() => expect(first.pathname()).toBe('/package'))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    first.unmount()

    const second = await openEditor(skillId)
    await second.user.type(within(topicRegion('Topic 2: Quadratics')).getByLabelText(/Topic title/), ' (advanced)')
    await second.user.click(saveAllButton())
    expect(await screen.findByText('Topics & Subtopics saved!')).toBeInTheDocument()
    await act(() => second.router.navigate({ to: '/dashboard' }))
    await waitFor(() => expect(second.pathname()).toBe('/dashboard'))
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument()
  })
})
