import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { mcqs } from '../../server/db/schema.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { addMcqs, seedSkill } from '../support/media.ts'

const toast = (title: string) => screen.findByText(title, { selector: '[data-title]' })
const toastDescription = (text: string) => screen.findByText(text, { selector: '[data-description]' })
const questionList = () => screen.findByRole('list', { name: 'Questions' })
const row = (n: number) => screen.getByRole('listitem', { name: `Question ${n}` })

async function seed() {
  const { token } = await signInAs('admin')
  const seeded = await seedSkill(token)
  await addMcqs(token, seeded.subTopics.adding.id, [
    { question: 'What is 1/2 + 1/4?', options: { A: '1/4', B: '3/4', C: '2/6', D: 'na' }, correct: 'B' },
    { question: 'Which equal one half?', options: { A: '2/4', B: '1/3', C: '3/6' }, correct: 'A,C' },
  ])
  return seeded
}

/** Counts reads of the question list while letting them through to the real server. */
function countListReads() {
  const reads = { n: 0 }
  mswServer.use(
    http.get('*/api/mcqs/getBySubTopics', ({ request }) => {
      reads.n++
      return testContext().app.fetch(request)
    }),
  )
  return reads
}

describe('admin question table', () => {
  it('shows the sub-topic title and numbered questions with options and correct answers', async () => {
    const { subTopics } = await seed()
    renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    await questionList()
    expect(screen.getByRole('heading', { level: 1, name: 'Adding fractions' })).toBeInTheDocument()
    expect(screen.getByText('Questions · Topic: Fractions')).toBeInTheDocument()
    const first = row(1)
    expect(within(first).getByText('1.')).toBeInTheDocument()
    expect(within(first).getByText('What is 1/2 + 1/4?')).toBeInTheDocument()
    expect(
      within(within(first).getByRole('list', { name: 'Options' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A. 1/4', 'B. 3/4 (correct)', 'C. 2/6', 'D. na'])
    expect(first).toHaveTextContent('Correct answer: B')
    expect(row(2)).toHaveTextContent('Correct answers: A, C')
    expect(within(row(2)).getByText('2.')).toBeInTheDocument()
  })

  it('takes several comma-separated sub-topics and names each question’s sub-topic', async () => {
    const { subTopics, token } = await seed()
    await addMcqs(token, subTopics.placeValue.id, [
      { question: 'What is the tenths digit of 3.14?', options: { A: '3', B: '1', C: '4' }, correct: 'B' },
    ])
    renderApp(`/subtopic-mcqs/${subTopics.adding.id},${subTopics.placeValue.id}`)
    await questionList()
    expect(screen.getByRole('heading', { level: 1, name: 'Questions of 2 sub-topics' })).toBeInTheDocument()
    expect(within(row(3)).getByText('Place value')).toBeInTheDocument()
    expect(within(row(3)).getByText('What is the tenths digit of 3.14?')).toBeInTheDocument()
    expect(within(row(1)).getByText('Adding fractions')).toBeInTheDocument()
  })

  it("shows 'No MCQs found.' for a sub-topic without questions", async () => {
    const { subTopics } = await seed()
    renderApp(`/subtopic-mcqs/${subTopics.comparing.id}`)
    expect(await screen.findByText('No MCQs found.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Comparing fractions' })).toBeInTheDocument()
  })

  it('says the sub-topic was not found for an id that does not exist, not that it has no questions', async () => {
    await signInAs('admin')
    renderApp('/subtopic-mcqs/9999')
    expect(await screen.findByRole('heading', { level: 1, name: 'Sub-topic not found' })).toBeInTheDocument()
    expect(screen.getByText('There is no sub-topic with this id. It may have been deleted.')).toBeInTheDocument()
    expect(screen.queryByText('No MCQs found.')).not.toBeInTheDocument()
  })

  it('names the ids that were not found among several, and still lists the questions of the others', async () => {
    const { subTopics } = await seed()
    renderApp(`/subtopic-mcqs/${subTopics.adding.id},9999`)
    await questionList()
    expect(screen.getByRole('heading', { level: 1, name: 'Adding fractions' })).toBeInTheDocument()
    expect(screen.getByText('No sub-topic with id 9999.')).toBeInTheDocument()
  })

  it('edits a question inline; Save refreshes the list through invalidation and returns focus to Edit', async () => {
    const { subTopics } = await seed()
    const reads = countListReads()
    const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    await questionList()
    expect(reads.n).toBe(1)
    await user.click(within(row(1)).getByRole('button', { name: 'Edit question 1' }))
    const form = within(row(1)).getByRole('form', { name: 'Edit question 1' })
    const question = within(form).getByRole('textbox', { name: 'Question' })
    expect(question).toHaveFocus()
    await user.clear(question)
    await user.paste('What is 1/4 + 1/4?')
    const optionC = within(form).getByRole('textbox', { name: 'Option C' })
    await user.clear(optionC)
    await user.paste('2/4')
    await user.click(within(form).getByRole('checkbox', { name: 'Option C is correct' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await toast('MCQ updated')).toBeInTheDocument()
    await waitFor(() => expect(within(row(1)).getByText('What is 1/4 + 1/4?')).toBeInTheDocument())
    expect(row(1)).toHaveTextContent('Correct answers: B, C')
    expect(reads.n).toBe(2)
    expect(within(row(1)).getByRole('button', { name: 'Edit question 1' })).toHaveFocus()
    const stored = await testContext().request<{ question: string; options: string; correctOption: string }[]>(
      'GET',
      `/api/mcqs/getBySubTopics?subTopicIds=${subTopics.adding.id}`,
      { token: localStorage.getItem('token')! },
    )
    expect(stored.body.data![0]).toMatchObject({
      question: 'What is 1/4 + 1/4?',
      options: '{"A":"1/4","B":"3/4","C":"2/4","D":"na"}',
      correctOption: 'B,C',
    })
  })

  it('shows a question’s explanation and edits it inline: added, changed, and removed by emptying the box', async () => {
    const { subTopics } = await seed()
    const token = localStorage.getItem('token')!
    const storedExplanations = async () =>
      (
        await testContext().request<{ explanation: string | null }[]>(
          'GET',
          `/api/mcqs/getBySubTopics?subTopicIds=${subTopics.adding.id}`,
          {
            token,
          },
        )
      ).body.data!.map((m) => m.explanation)
    const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    await questionList()
    expect(row(1)).not.toHaveTextContent('Explanation')

    const edit = async (text: string) => {
      await user.click(within(row(1)).getByRole('button', { name: 'Edit question 1' }))
      const form = within(row(1)).getByRole('form', { name: 'Edit question 1' })
      const box = within(form).getByRole('textbox', { name: 'Explanation' })
      await user.clear(box)
      if (text) await user.paste(text)
      await user.click(within(form).getByRole('button', { name: 'Save' }))
      await waitFor(() => expect(within(row(1)).queryByRole('form')).not.toBeInTheDocument())
    }

    await edit('1/2 is 2/4, and 2/4 + 1/4 = 3/4.')
    await waitFor(() => expect(row(1)).toHaveTextContent('Explanation: 1/2 is 2/4, and 2/4 + 1/4 = 3/4.'))
    expect(await storedExplanations()).toEqual(['1/2 is 2/4, and 2/4 + 1/4 = 3/4.', null])

    await user.click(within(row(1)).getByRole('button', { name: 'Edit question 1' }))
    expect(within(row(1)).getByRole('textbox', { name: 'Explanation' })).toHaveValue('1/2 is 2/4, and 2/4 + 1/4 = 3/4.')
    await user.click(within(row(1)).getByRole('button', { name: 'Cancel' }))

    await edit('')
    await waitFor(() => expect(row(1)).not.toHaveTextContent('Explanation'))
    expect(await storedExplanations()).toEqual([null, null])
  })

  it('Cancel and Escape leave the question as it was', async () => {
    const { subTopics } = await seed()
    const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    await questionList()
    await user.click(within(row(2)).getByRole('button', { name: 'Edit question 2' }))
    await user.type(within(row(2)).getByRole('textbox', { name: 'Question' }), ' changed')
    await user.click(within(row(2)).getByRole('button', { name: 'Cancel' }))
    expect(within(row(2)).getByText('Which equal one half?')).toBeInTheDocument()
    await user.click(within(row(2)).getByRole('button', { name: 'Edit question 2' }))
    expect(within(row(2)).getByRole('textbox', { name: 'Question' })).toHaveValue('Which equal one half?')
    await user.keyboard('{Escape}')
    expect(within(row(2)).queryByRole('form')).not.toBeInTheDocument()
    expect(within(row(2)).getByRole('button', { name: 'Edit question 2' })).toHaveFocus()
  })

  it('checks the edit before sending it', async () => {
    const { subTopics } = await seed()
    let puts = 0
    mswServer.use(http.put('*/api/mcqs/update', () => void puts++))
    const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    await questionList()
    await user.click(within(row(2)).getByRole('button', { name: 'Edit question 2' }))
    const form = within(row(2)).getByRole('form', { name: 'Edit question 2' })
    await user.click(within(form).getByRole('checkbox', { name: 'Option A is correct' }))
    await user.click(within(form).getByRole('checkbox', { name: 'Option C is correct' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one correct option')
    await user.click(within(form).getByRole('checkbox', { name: 'Option D is correct' }))
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Option D is marked correct but is empty')
    expect(puts).toBe(0)
  })

  it("shows 'Update failed' with the server's reason and keeps the editor open", async () => {
    const { subTopics } = await seed()
    mswServer.use(
      http.put('*/api/mcqs/update', () => HttpResponse.json({ success: false, status: 404, message: 'Mcq not found' }, { status: 404 })),
    )
    const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    await questionList()
    await user.click(within(row(1)).getByRole('button', { name: 'Edit question 1' }))
    await user.click(within(row(1)).getByRole('button', { name: 'Save' }))
    expect(await toast('Update failed')).toBeInTheDocument()
    expect(await toastDescription('Mcq not found')).toBeInTheDocument()
    expect(within(row(1)).getByRole('form', { name: 'Edit question 1' })).toBeInTheDocument()
  })

  it("deletes after confirming ('MCQ deleted'); the list refreshes and renumbers", async () => {
    const { subTopics } = await seed()
    const reads = countListReads()
    const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    await questionList()
    await user.click(within(row(1)).getByRole('button', { name: 'Edit question 1' }))
    await user.click(within(row(1)).getByRole('button', { name: 'Delete' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete question' })
    expect(dialog).toHaveTextContent('Are you sure you want to delete this question?')
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await toast('MCQ deleted')).toBeInTheDocument()
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: /^Question \d+$/ })).toHaveLength(1))
    expect(within(row(1)).getByText('Which equal one half?')).toBeInTheDocument()
    expect(reads.n).toBe(2)
  })

  it("shows 'Delete failed' when the server refuses", async () => {
    const { subTopics } = await seed()
    mswServer.use(
      http.delete('*/api/mcqs/delete', () =>
        HttpResponse.json({ success: false, status: 500, message: 'Something broke' }, { status: 500 }),
      ),
    )
    const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    await questionList()
    await user.click(within(row(1)).getByRole('button', { name: 'Edit question 1' }))
    await user.click(within(row(1)).getByRole('button', { name: 'Delete' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete question' })).getByRole('button', { name: 'Delete' }))
    expect(await toast('Delete failed')).toBeInTheDocument()
    expect(screen.getAllByRole('listitem', { name: /^Question \d+$/ })).toHaveLength(2)
  })

  it("shows 'Error fetching MCQs' and 'Failed to load MCQs' when the list fails; Retry loads it", async () => {
    const { subTopics } = await seed()
    mswServer.use(http.get('*/api/mcqs/getBySubTopics', () => HttpResponse.json({ success: false, message: 'down' }, { status: 503 })))
    const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    expect(await toast('Error fetching MCQs')).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load MCQs.')
    expect(screen.getByRole('heading', { level: 1, name: 'Adding fractions' })).toBeInTheDocument()
    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    await questionList()
    expect(row(2)).toBeInTheDocument()
  })

  it("shows 'Failed to fetch subtopic details' when the titles fail, and still lists the questions", async () => {
    const { subTopics } = await seed()
    mswServer.use(http.get('*/api/subTopic/getByIds', () => HttpResponse.json({ success: false, message: 'down' }, { status: 500 })))
    renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
    expect(await toast('Failed to fetch subtopic details')).toBeInTheDocument()
    await questionList()
    expect(screen.getByRole('heading', { level: 1, name: 'Questions' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch subtopic details')
    expect(row(1)).toBeInTheDocument()
  })

  it('pages a large bank 50 at a time, the page in the URL', async () => {
    const { subTopics } = await seed()
    await testContext()
      .deps.db.insert(mcqs)
      .values(
        Array.from({ length: 118 }, (_, i) => ({
          subTopicId: subTopics.adding.id,
          question: `Bulk question ${i + 3}`,
          options: '{"A":"yes","B":"no"}',
          correctOption: 'A',
        })),
      )
    const { user, router } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}?page=3`)
    await questionList()
    expect(screen.getByText('Questions 101–120 of 120')).toBeInTheDocument()
    expect(screen.getAllByRole('listitem', { name: /^Question \d+$/ })).toHaveLength(20)
    expect(within(row(101)).getByText('Bulk question 101')).toBeInTheDocument()
    await user.click(screen.getAllByRole('button', { name: 'Page 1' })[0]!)
    await waitFor(() => expect(screen.getByText('Questions 1–50 of 120')).toBeInTheDocument())
    expect(screen.getAllByRole('listitem', { name: /^Question \d+$/ })).toHaveLength(50)
    expect(router.state.location.search).toEqual({})
    await user.click(screen.getAllByRole('button', { name: 'Page 2' })[0]!)
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }))
    expect(within(row(51)).getByText('Bulk question 51')).toBeInTheDocument()
  })

  it('treats a malformed id list as a missing page', async () => {
    await signInAs('admin')
    renderApp('/subtopic-mcqs/1,abc')
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument()
  })

  describe('Add question', () => {
    async function fillNewQuestion(user: ReturnType<typeof renderApp>['user'], question: string) {
      const form = within(await screen.findByRole('dialog', { name: 'Add question' })).getByRole('form', { name: 'Add question' })
      const field = within(form).getByRole('textbox', { name: 'Question' })
      await waitFor(() => expect(field).toHaveFocus())
      await user.paste(question)
      await user.type(within(form).getByRole('textbox', { name: 'Option A' }), '1/2')
      await user.type(within(form).getByRole('textbox', { name: 'Option B' }), '3/4')
      await user.click(within(form).getByRole('checkbox', { name: 'Option B is correct' }))
      return form
    }

    it('refuses a question already in the sub-topic with the import’s message, shown in the dialog; nothing added', async () => {
      const { subTopics, token } = await seed()
      const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
      await questionList()
      await user.click(screen.getByRole('button', { name: 'Add question' }))
      const form = await fillNewQuestion(user, 'what is 1/2 +  1/4?')
      await user.click(within(form).getByRole('button', { name: 'Add question' }))
      expect(await within(form).findByRole('alert')).toHaveTextContent('Duplicate question')
      expect(screen.getByRole('dialog', { name: 'Add question' })).toBeInTheDocument()
      const stored = await testContext().request<unknown[]>('GET', `/api/mcqs/getBySubTopics?subTopicIds=${subTopics.adding.id}`, { token })
      expect(stored.body.data).toHaveLength(2)
    })

    it('says when fewer than two options are filled in', async () => {
      const { subTopics } = await seed()
      const { user } = renderApp(`/subtopic-mcqs/${subTopics.adding.id}`)
      await questionList()
      await user.click(screen.getByRole('button', { name: 'Add question' }))
      const form = await fillNewQuestion(user, 'What is 1/3 + 1/3?')
      await user.clear(within(form).getByRole('textbox', { name: 'Option A' }))
      await user.click(within(form).getByRole('button', { name: 'Add question' }))
      expect(await within(form).findByRole('alert')).toHaveTextContent('Less than 2 options provided')
    })

    it('adds a valid question to the table, with a success toast', async () => {
      const { subTopics } = await seed()
      const { user } = renderApp(`/subtopic-mcqs/${subTopics.comparing.id}`)
      expect(await screen.findByText('No MCQs found.')).toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Add question' }))
      const form = await fillNewQuestion(user, 'Which is larger?')
      await user.click(within(form).getByRole('button', { name: 'Add question' }))
      expect(await toast('Question added')).toBeInTheDocument()
      await questionList()
      expect(within(row(1)).getByText('Which is larger?')).toBeInTheDocument()
      expect(row(1)).toHaveTextContent('Correct answer: B')
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add question' })).not.toBeInTheDocument())
    })
  })
})
