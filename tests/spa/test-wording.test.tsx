import { screen, within } from '@testing-library/react'
import { and, eq, isNull } from 'drizzle-orm'
import { mcqSittings } from '../../server/db/schema.ts'
import { openTest, startViaApi } from '../support/assessment.ts'
import { renderApp, testContext } from '../support/render.tsx'
import { seedCourse, signInLearner } from '../support/results.ts'

const question = (name: string | RegExp) => screen.findByRole('group', { name })

describe('what the test screen says', () => {
  it('shuffled options read A, B, C, D in the order shown; the answers and the review keep their meaning', async () => {
    const course = await seedCourse()
    const learner = await signInLearner(course)
    // Place value: A '0', B '5', C '1', D '2'; correct B and D. The sitting shows them as C, A, D, B.
    const started = (await startViaApi(learner.token, [course.placeValue.id])).body.data!
    const db = testContext().deps.db
    const pinned = started.questions.map((q) => ({ mcqId: q.id, subTopicId: q.subTopicId, optionOrder: ['C', 'A', 'D', 'B'] }))
    await db
      .update(mcqSittings)
      .set({ questions: pinned })
      .where(and(eq(mcqSittings.id, started.sittingId), isNull(mcqSittings.gradedAt)))

    const { user } = renderApp(`/mcq-test/${course.placeValue.id}`)
    await user.click(await screen.findByRole('button', { name: 'Resume test' }))
    const only = await question(/^1\. Which digits/)
    expect(within(only).getByRole('checkbox', { name: 'A. 1' })).toBeInTheDocument()
    expect(within(only).getByRole('checkbox', { name: 'B. 0' })).toBeInTheDocument()
    expect(within(only).getByRole('checkbox', { name: 'C. 2' })).toBeInTheDocument()
    expect(within(only).getByRole('checkbox', { name: 'D. 5' })).toBeInTheDocument()

    await user.click(within(only).getByRole('checkbox', { name: 'C. 2' }))
    await user.click(within(only).getByRole('checkbox', { name: 'D. 5' }))
    await user.click(screen.getByRole('button', { name: 'Submit Test' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 1')
    const [row] = within(screen.getByRole('list', { name: 'Your answers' })).getAllByRole('listitem', { name: /^\d+\./ })
    expect(within(row!).getByText(/Correct answer:/).parentElement).toHaveTextContent('Correct answer: C, D · You chose C, D')
    expect(within(row!).getByText(/^A\.$/).parentElement).toHaveTextContent('A. 1')
  })

  it("practice says 'Submit practice' and 'Practise again', not 'Submit Test' and 'Retake Test'", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const { user } = await openTest(`/mcq-test/${course.comparing.id}`)
    await user.click(within(await question('1. Which is larger?')).getByRole('checkbox', { name: 'A. 1/3' }))
    await user.click(screen.getByRole('button', { name: 'Submit Test' }))
    await user.click(await screen.findByRole('button', { name: 'Practise my mistakes' }))

    expect(await question('1. Which is larger?')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Submit Test' })).not.toBeInTheDocument()
    await user.click(within(await question('1. Which is larger?')).getByRole('checkbox', { name: 'B. 1/2' }))
    await user.click(screen.getByRole('button', { name: 'Submit practice' }))
    expect(await screen.findByRole('status')).toHaveTextContent('You scored 1 out of 1')
    expect(screen.getByRole('button', { name: 'Practise again' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retake Test' })).not.toBeInTheDocument()
  })
})

describe("the viewer's test links", () => {
  it("'Take Test', 'Cumulative Test' and 'Take Test on All Topics' keep their names and say which sub-topics they cover", async () => {
    const course = await seedCourse()
    await signInLearner(course)
    const { user } = renderApp(`/topics/${course.packageId}`)
    const outline = await screen.findByRole('navigation', { name: 'Course content' })
    // The outline's items mount once the header and the player have painted.
    await within(outline).findAllByRole('button')
    const control = (name: string | RegExp) => within(outline).getByRole('button', { name })
    const panel = (name: string | RegExp) => within(outline).getByRole('region', { name })
    if (control(/^Fractions/).getAttribute('aria-expanded') !== 'true') await user.click(control(/^Fractions/))
    await user.click(control(/^Comparing fractions/))
    await user.click(control(/^Adding fractions/))

    const takeTest = within(panel(/^Adding fractions/)).getByRole('link', { name: 'Take Test' })
    expect(takeTest).toHaveAccessibleDescription('This sub-topic only: Adding fractions')
    const cumulative = within(panel(/^Adding fractions/)).getByRole('link', { name: 'Cumulative Test' })
    expect(cumulative).toHaveAccessibleDescription('The sub-topics of this topic opened so far: Adding fractions, Comparing fractions')
    const allTopics = within(panel(/^Fractions/)).getByRole('link', { name: 'Take Test on All Topics' })
    expect(allTopics).toHaveAccessibleDescription('Every sub-topic of Fractions: Adding fractions, Comparing fractions')

    await user.hover(cumulative)
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'The sub-topics of this topic opened so far: Adding fractions, Comparing fractions',
    )
  })
})
