import { screen, waitFor, within } from '@testing-library/react'
import { sql } from 'drizzle-orm'
import { userPackages } from '../../server/db/schema.ts'
import { assignmentApi } from '../../server/test/assignments.ts'
import { shortDate } from '../../src/lib/due-words.ts'
import { captureDownloads } from '../support/downloads.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { findToast } from '../support/toasts.ts'

/** The compliance report on /reports: counts per status in words, rows overdue first, the group filter, the CSV. */

const ctx = () => testContext()
const DAY = 86_400_000

/**
 * Safety (two videos) given to Sales, due 3 days ago: Ann and Eve are members; Ben has it directly, due yesterday;
 * Cara due in 2 days with one video watched; Eve watched both. Ethics, undated, directly to Ann.
 */
async function seed() {
  const api = assignmentApi(ctx())
  await api.signInAdmin()
  const at = (days: number) => new Date(ctx().now.getTime() + days * DAY).toISOString()
  const safety = await api.packageWithVideo('Safety')
  const { videoId: second } = await api.packageWithVideo('Spare')
  await ctx().deps.db.execute(
    sql`update videos set sub_topic_id = (select sub_topic_id from videos where id = ${safety.videoId}) where id = ${second}`,
  )
  const ethics = await api.packageWithVideo('Ethics')
  const person = async (name: string) =>
    (await ctx().createUser({ name, email: `${name.toLowerCase()}@example.com` })) as { user: { id: number }; token: string }
  const [ann, ben, cara, eve] = [await person('Ann'), await person('Ben'), await person('Cara'), await person('Eve')]
  const sales = await api.createGroup('Sales')
  await api.giveGroup(sales.id, safety.packageId, { dueAt: at(-3) })
  await api.addMembers(sales.id, [ann.user.id, eve.user.id])
  await api.setDirect(ann.user.id, ethics.packageId, {})
  await api.setDirect(ben.user.id, safety.packageId, { dueAt: at(-1) })
  await api.setDirect(cara.user.id, safety.packageId, { dueAt: at(2) })
  await api.watch(safety.videoId, cara.token)
  await api.watch(safety.videoId, eve.token)
  ctx().now = new Date(ctx().now.getTime() + 60_000) // Eve's watching budget refills for the second video
  await api.watch(second, eve.token)
  return { threeDaysAgo: at(-3), yesterday: at(-1), inTwoDays: at(2) }
}

const table = () => screen.getByRole('table', { name: 'Compliance' })
const learnerCells = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent)
const counts = () =>
  within(screen.getByRole('list', { name: 'Assignments per status' }))
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'))

describe('compliance on /reports', () => {
  it('counts each status in words, lists overdue first with since when, filters by group and exports the CSV', async () => {
    const { threeDaysAgo, yesterday, inTwoDays } = await seed()
    await signInAs('admin')
    const saved = captureDownloads()
    const { user } = renderApp('/reports')

    await screen.findByRole('table', { name: 'Compliance' })
    expect(counts()).toEqual(['Overdue: 2', 'Not started: 1', 'In progress: 1', 'Completed: 1'])
    expect(learnerCells()).toEqual([
      'Annann@example.com',
      'Benben@example.com',
      'Caracara@example.com',
      'Annann@example.com',
      'Eveeve@example.com',
    ])
    const [annRow, benRow, caraRow, , eveRow] = within(table()).getAllByRole('row').slice(1)
    expect(within(annRow!).getByText(`Overdue since ${shortDate(threeDaysAgo)}`)).toBeInTheDocument()
    expect(annRow).toHaveTextContent('Sales')
    expect(within(benRow!).getByText(`Overdue since ${shortDate(yesterday)}`)).toBeInTheDocument()
    expect(benRow).toHaveTextContent('Direct')
    expect(caraRow).toHaveTextContent(`In progress`)
    expect(caraRow).toHaveTextContent(`Due ${shortDate(inTwoDays)}`)
    expect(caraRow).toHaveTextContent('50%')
    expect(eveRow).toHaveTextContent('Completed')

    const groupFilter = within(screen.getByRole('region', { name: 'Compliance' })).getByRole('combobox', { name: 'Group' })
    await waitFor(() => expect(groupFilter).toBeEnabled())
    await user.selectOptions(groupFilter, 'Sales')
    await waitFor(() => expect(learnerCells()).toEqual(['Annann@example.com', 'Eveeve@example.com']))
    expect(counts()).toEqual(['Overdue: 1', 'Not started: 0', 'In progress: 0', 'Completed: 1'])

    await user.click(screen.getByRole('button', { name: 'Export compliance CSV' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.name).toBe('compliance.csv')
    const lines = (await saved[0]!.blob.text()).trimEnd().split('\r\n')
    expect(lines[0]).toMatch(/^"User ID","Name","Email",/)
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(['"Ann"', '"Eve"'])
    expect(await findToast('Compliance report exported')).toBeInTheDocument()
  })
})

describe('a long compliance list', () => {
  it('pages through the shared pager, twenty rows a page', async () => {
    const api = assignmentApi(ctx())
    await api.signInAdmin()
    const safety = await api.packageWithVideo('Safety')
    for (let n = 1; n <= 23; n++) {
      const { user } = await ctx().createUser({ name: `Learner ${String(n).padStart(2, '0')}` })
      await ctx().deps.db.insert(userPackages).values({ userId: user.id, packageId: safety.packageId, direct: true })
    }
    await signInAs('admin')
    const { user } = renderApp('/reports')
    await screen.findByRole('table', { name: 'Compliance' })
    expect(within(table()).getAllByRole('row')).toHaveLength(21)
    const pager = screen.getByRole('navigation', { name: 'Compliance pages' })
    expect(screen.getByText('Rows 1–20 of 23')).toBeInTheDocument()
    await user.click(within(pager).getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(learnerCells().map((cell) => cell!.slice(0, 10))).toEqual(['Learner 21', 'Learner 22', 'Learner 23']))
    expect(screen.getByText('Rows 21–23 of 23')).toBeInTheDocument()
  })
})

describe('compliance on a phone', () => {
  it('lists one card per assignment with its status in words under the learner, no sideways table', async () => {
    const original = window.matchMedia
    window.matchMedia = (query: string) => ({ ...original(query), matches: query === '(max-width: 48em)' })
    onTestFinished(() => {
      window.matchMedia = original
    })
    const { threeDaysAgo, inTwoDays } = await seed()
    await signInAs('admin')
    renderApp('/reports')

    const list = await screen.findByRole('list', { name: 'Compliance' })
    expect(screen.queryByRole('table', { name: 'Compliance' })).not.toBeInTheDocument()
    const cards = within(list).getAllByRole('listitem')
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Ann, Safety package',
      'Ben, Safety package',
      'Cara, Safety package',
      'Ann, Ethics package',
      'Eve, Safety package',
    ])
    expect(within(cards[0]!).getByText(`Overdue since ${shortDate(threeDaysAgo)}`)).toBeInTheDocument()
    expect(cards[0]).toHaveTextContent('Sales · 0% · assigned')
    expect(cards[2]).toHaveTextContent(`Due ${shortDate(inTwoDays)}`)
  })
})
