import { screen, waitFor, within } from '@testing-library/react'
import type { Role } from '../../contract/auth.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { inDialog, learnerWith, postComment, recordApi, seedTree } from '../support/learning.ts'
import { findToast } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

/** A package with one video; Ana has commented 'Too fast' (2 stars) and the signed-in user 'First thoughts' (4 stars). */
async function commented(role: Role = 'USER', moreOfMine: string[] = []) {
  const admin = await testContext().createUser({ role: 'admin' })
  const pkg = await seedTree(admin.token, {
    title: 'Guitar',
    skills: [{ title: 'Chords', topics: [{ title: 'Open chords', subTopics: [{ title: 'Major chords', videos: ['Lesson one'] }] }] }],
  })
  const videoId = pkg.skills[0]!.topics[0]!.subTopics[0]!.videos[0]!.id
  const ana = await learnerWith(admin.token, 'Ana Silva', [pkg.id])
  const me = await signInAs(role, { name: 'Lena Learner' })
  if (role === 'USER') await assignPackages(admin.token, me.user.id, [pkg.id])
  await postComment(ana.token, videoId, 2, 'Too fast')
  await postComment(me.token, videoId, 4, 'First thoughts')
  for (const text of moreOfMine) await postComment(me.token, videoId, 5, text)
  const { user } = renderApp(`/topics/${pkg.id}`)
  await screen.findByRole('heading', { name: 'Comments' })
  await waitFor(() => expect(items()).toHaveLength(2 + moreOfMine.length))
  return { user, videoId }
}

const comments = () => screen.getByRole('region', { name: 'Comments' })
const items = () => within(within(comments()).getByRole('list', { name: 'Comment list' })).queryAllByRole('listitem')
/** The listed comment whose text this is. */
const item = (text: string) => items().find((li) => within(li).queryByText(text))!
const starRow = (n: number) => within(comments()).getByRole('button', { name: new RegExp(`^${n} stars?:`) })

describe('editing and deleting comments', () => {
  it("offers no Edit or Delete on another learner's comment", async () => {
    await commented()
    expect(within(item('Too fast')).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    expect(within(item('Too fast')).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument()
    expect(within(item('First thoughts')).getByRole('button', { name: 'Edit your comment: First thoughts' })).toHaveTextContent('Edit')
    expect(within(item('First thoughts')).getByRole('button', { name: 'Delete your comment: First thoughts' })).toHaveTextContent('Delete')
  })

  it('names the buttons of each of your comments apart, by an excerpt of the comment', async () => {
    await commented('USER', ['A second and much longer thought about this lesson, with more'])
    const edits = within(comments()).getAllByRole('button', { name: /^Edit your comment/ })
    expect(edits.map((button) => button.getAttribute('aria-label'))).toEqual(
      expect.arrayContaining(['Edit your comment: First thoughts', 'Edit your comment: A second and much longer thought about t…']),
    )
  })

  it('edits your own comment in the same dialog, prefilled and with the same validation, then refreshes the list and the ratings', async () => {
    const { user } = await commented()
    const api = recordApi()
    await user.click(within(item('First thoughts')).getByRole('button', { name: 'Edit your comment: First thoughts' }))
    const modal = await inDialog('Edit your comment')
    expect(modal.getByText('On: Lesson one')).toBeInTheDocument()
    expect(modal.getByRole('radio', { name: '4 stars' })).toBeChecked()
    expect(modal.getByRole('textbox', { name: 'Comment' })).toHaveValue('First thoughts')

    await user.clear(modal.getByRole('textbox', { name: 'Comment' }))
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    expect(modal.getByRole('alert')).toHaveTextContent('Please provide both rating and comment')
    expect(api.seen.filter((r) => r.startsWith('PUT '))).toEqual([])

    await user.type(modal.getByRole('textbox', { name: 'Comment' }), 'Second thoughts')
    await user.click(modal.getByRole('radio', { name: '1 star' }))
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    expect(await findToast('Comment updated')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(await within(comments()).findByText('Second thoughts')).toBeInTheDocument()
    expect(within(comments()).queryByText('First thoughts')).not.toBeInTheDocument()
    expect(within(item('Second thoughts')).getByRole('img', { name: 'Rated 1 out of 5' })).toBeInTheDocument()
    await waitFor(() => expect(starRow(1)).toHaveTextContent('1 (50.0%)'))
    expect(starRow(4)).toHaveTextContent('0 (0.0%)')
    expect(within(comments()).getByText('1.5')).toBeInTheDocument()
    api.stop()
  })

  it('deletes your own comment after a confirmation, then refreshes the list and the ratings', async () => {
    const { user } = await commented()
    const api = recordApi()
    await user.click(within(item('First thoughts')).getByRole('button', { name: 'Delete your comment: First thoughts' }))
    let confirm = await inDialog('Delete comment')
    expect(confirm.getByText('Are you sure you want to delete your comment?')).toBeInTheDocument()
    await user.click(confirm.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(api.seen.filter((r) => r.startsWith('DELETE '))).toEqual([])
    expect(items()).toHaveLength(2)

    await user.click(within(item('First thoughts')).getByRole('button', { name: 'Delete your comment: First thoughts' }))
    confirm = await inDialog('Delete comment')
    await user.click(confirm.getByRole('button', { name: 'Delete' }))
    expect(await findToast('Comment deleted')).toBeInTheDocument()
    await waitFor(() => expect(items()).toHaveLength(1))
    expect(within(comments()).queryByText('First thoughts')).not.toBeInTheDocument()
    await waitFor(() => expect(starRow(4)).toHaveTextContent('0 (0.0%)'))
    expect(starRow(2)).toHaveTextContent('1 (100.0%)')
    expect(within(comments()).getByText('(1 review)')).toBeInTheDocument()
    // The pressed button is gone: the focus lands on the section's heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Comments' })).toHaveFocus())
    api.stop()
  })

  it("lets an admin delete any comment, another's included, without offering to edit it", async () => {
    const { user } = await commented('admin')
    expect(within(item('Too fast')).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument()
    await user.click(within(item('Too fast')).getByRole('button', { name: 'Delete comment by Ana Silva: Too fast' }))
    const confirm = await inDialog('Delete comment')
    expect(confirm.getByText('Are you sure you want to delete the comment by Ana Silva?')).toBeInTheDocument()
    await user.click(confirm.getByRole('button', { name: 'Delete' }))
    expect(await findToast('Comment deleted')).toBeInTheDocument()
    await waitFor(() => expect(items()).toHaveLength(1))
    expect(within(comments()).queryByText('Too fast')).not.toBeInTheDocument()
    await waitFor(() => expect(starRow(2)).toHaveTextContent('0 (0.0%)'))
  })
})
