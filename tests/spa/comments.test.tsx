import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { Package } from '../../contract/content.ts'
import { gate, mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { inDialog, learnerWith, postComment, recordApi, seedTree } from '../support/learning.ts'
import { findToast, queryToast, watchToasts } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

/** A package with one sub-topic of two videos ('Lesson one', 'Lesson two'); the signed-in learner and two classmates have it. */
async function lesson() {
  const admin = await testContext().createUser({ role: 'admin' })
  const pkg = await seedTree(admin.token, {
    title: 'Guitar',
    skills: [
      { title: 'Chords', topics: [{ title: 'Open chords', subTopics: [{ title: 'Major chords', videos: ['Lesson one', 'Lesson two'] }] }] },
    ],
  })
  const [first, second] = pkg.skills[0]!.topics[0]!.subTopics[0]!.videos
  const ana = await learnerWith(admin.token, 'Ana Silva', [pkg.id])
  const ben = await learnerWith(admin.token, 'Ben Okafor', [pkg.id])
  const me = await signInAs('USER', { name: 'Lena Learner' })
  await assignPackages(admin.token, me.user.id, [pkg.id])
  return { pkg, videoId: first!.id, secondVideoId: second!.id, ana, ben, me }
}

const comments = () => screen.getByRole('region', { name: 'Comments' })
const starRow = (n: number) => within(comments()).getByRole('button', { name: new RegExp(`^${n} stars?:`) })
const listed = () => {
  const list = within(comments()).queryByRole('list', { name: 'Comment list' })
  return list
    ? within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')!.textContent)
    : []
}

async function openViewer(pkg: Package) {
  const view = renderApp(`/topics/${pkg.id}`)
  await screen.findByRole('heading', { name: 'Comments' })
  return view
}

describe('comments under the player', () => {
  it('shows the average as stars with the count, a bar per star from 5 to 1 with count and percentage, and the newest comments first', async () => {
    const { pkg, videoId, ana, ben } = await lesson()
    await postComment(ana.token, videoId, 5, 'Loved it')
    await postComment(ben.token, videoId, 4, 'Clear')
    await postComment(ana.token, videoId, 4, 'Second look')
    await openViewer(pkg)

    const average = within(comments()).getByRole('group', { name: 'Ratings of this video' })
    expect(await within(average).findByText('4.3')).toBeInTheDocument()
    expect(within(average).getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument()
    expect(within(average).getByText('(3 reviews)')).toBeInTheDocument()

    const bars = within(comments()).getByRole('group', { name: 'Filter comments by rating' })
    await waitFor(() => expect(starRow(4)).toHaveTextContent('2 (66.7%)'))
    // Each row is named by its own text (label in name): the visible '5' and '1 (33.3%)' with 'stars:' for screen readers.
    const names = ['5 stars: 1 (33.3%)', '4 stars: 2 (66.7%)', '3 stars: 0 (0.0%)', '2 stars: 0 (0.0%)', '1 star: 0 (0.0%)']
    expect(within(bars).getAllByRole('button')).toEqual(names.map((name) => within(bars).getByRole('button', { name })))
    for (const row of within(bars).getAllByRole('button')) expect(row).not.toHaveAttribute('aria-label')
    for (const row of within(bars).getAllByRole('button')) expect(row).toHaveAttribute('aria-pressed', 'false')

    await waitFor(() => expect(listed()).toEqual(['Ana Silva', 'Ben Okafor', 'Ana Silva']))
    const items = within(within(comments()).getByRole('list', { name: 'Comment list' })).getAllByRole('listitem')
    expect(within(items[0]!).getByText('Second look')).toBeInTheDocument()
    expect(within(items[0]!).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument()
    expect(within(items[2]!).getByText('Loved it')).toBeInTheDocument()
    expect(within(items[2]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument()
  })

  it("says 'No comments to display.' for a video without comments, with zeros everywhere", async () => {
    const { pkg } = await lesson()
    await openViewer(pkg)
    expect(await within(comments()).findByText('No comments to display.')).toBeInTheDocument()
    expect(within(comments()).getByText('(0 reviews)')).toBeInTheDocument()
    await waitFor(() => expect(starRow(5)).toHaveTextContent('0 (0.0%)'))
    expect(within(comments()).queryByRole('button', { name: 'Load More Comments' })).not.toBeInTheDocument()
  })

  it("pages 5 at a time from page 0 with 'Load More Comments', which disappears on the last page", async () => {
    const { pkg, videoId, ana } = await lesson()
    for (let i = 1; i <= 7; i++) await postComment(ana.token, videoId, (i % 5) + 1, `Comment ${i}`)
    const api = recordApi()
    const { user } = await openViewer(pkg)
    await waitFor(() => expect(within(comments()).getAllByText(/^Comment \d$/)).toHaveLength(5))
    expect(
      within(comments())
        .getAllByText(/^Comment \d$/)
        .map((p) => p.textContent),
    ).toEqual(['Comment 7', 'Comment 6', 'Comment 5', 'Comment 4', 'Comment 3'])
    await user.click(within(comments()).getByRole('button', { name: 'Load More Comments' }))
    await waitFor(() => expect(within(comments()).getAllByText(/^Comment \d$/)).toHaveLength(7))
    expect(
      within(comments())
        .getAllByText(/^Comment \d$/)
        .map((p) => p.textContent)
        .slice(5),
    ).toEqual(['Comment 2', 'Comment 1'])
    expect(within(comments()).queryByRole('button', { name: 'Load More Comments' })).not.toBeInTheDocument()
    expect(api.seen.filter((r) => r.includes('/paged'))).toEqual([
      `GET /api/comments/video/${videoId}/paged?page=0&size=5`,
      `GET /api/comments/video/${videoId}/paged?page=1&size=5`,
    ])
    api.stop()
  })

  it('filters the loaded comments by a star row and clears the filter when the row is pressed again; Load More hides while filtering', async () => {
    const { pkg, videoId, ana, ben } = await lesson()
    const ratings = [4, 5, 4, 3, 5, 1, 4]
    for (const [i, r] of ratings.entries()) await postComment(i % 2 ? ben.token : ana.token, videoId, r, `Comment ${i + 1}`)
    const { user } = await openViewer(pkg)
    await waitFor(() => expect(within(comments()).getAllByText(/^Comment \d$/)).toHaveLength(5))
    const more = () => within(comments()).queryByRole('button', { name: 'Load More Comments' })
    expect(more()).toBeInTheDocument()

    await user.click(starRow(4))
    expect(starRow(4)).toHaveAttribute('aria-pressed', 'true')
    expect(starRow(5)).toHaveAttribute('aria-pressed', 'false')
    // Loaded: comments 7..3 → the 4-star ones among them are 7 and 3.
    expect(
      within(comments())
        .getAllByText(/^Comment \d$/)
        .map((p) => p.textContent),
    ).toEqual(['Comment 7', 'Comment 3'])
    expect(more()).not.toBeInTheDocument()

    await user.click(starRow(2))
    expect(starRow(2)).toHaveAttribute('aria-pressed', 'true')
    expect(starRow(4)).toHaveAttribute('aria-pressed', 'false')
    expect(within(comments()).getByText('No comments to display.')).toBeInTheDocument()

    await user.click(starRow(2))
    expect(starRow(2)).toHaveAttribute('aria-pressed', 'false')
    expect(within(comments()).getAllByText(/^Comment \d$/)).toHaveLength(5)
    expect(more()).toBeInTheDocument()

    // Keyboard: the rows are buttons.
    starRow(5).focus()
    await user.keyboard('{Enter}')
    expect(starRow(5)).toHaveAttribute('aria-pressed', 'true')
    expect(
      within(comments())
        .getAllByText(/^Comment \d$/)
        .map((p) => p.textContent),
    ).toEqual(['Comment 5'])
    await user.keyboard(' ')
    expect(starRow(5)).toHaveAttribute('aria-pressed', 'false')
  })

  it("'Leave a Comment' needs both a rating and a text, then posts, closes, resets and refreshes summary, distribution and list", async () => {
    const { pkg, videoId, ana } = await lesson()
    await postComment(ana.token, videoId, 2, 'Too fast')
    const api = recordApi()
    const { user } = await openViewer(pkg)
    await waitFor(() => expect(listed()).toEqual(['Ana Silva']))
    await user.click(screen.getByRole('button', { name: 'Leave a Comment' }))

    let modal = await inDialog('Leave a Comment')
    expect(modal.getByText('On: Lesson one')).toBeInTheDocument()
    const toasts = watchToasts()
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(toasts.count('Please provide both rating and comment')).toBe(1))
    // Said inside the dialog too, beside the fields, where the toast behind the dialog's overlay cannot be missed.
    expect(modal.getByRole('alert')).toHaveTextContent('Please provide both rating and comment')
    await user.type(modal.getByRole('textbox', { name: 'Comment' }), 'Really helpful')
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(toasts.count('Please provide both rating and comment')).toBe(2))
    await user.clear(modal.getByRole('textbox', { name: 'Comment' }))
    await user.type(modal.getByRole('textbox', { name: 'Comment' }), '   ')
    await user.click(modal.getByRole('radio', { name: '4 stars' }))
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(toasts.count('Please provide both rating and comment')).toBe(3))
    expect(api.seen.filter((r) => r.startsWith('POST /api/comments'))).toEqual([])

    await user.type(modal.getByRole('textbox', { name: 'Comment' }), 'Really helpful')
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(toasts.count('Comment submitted')).toBe(1))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    // Summary, distribution and list refreshed.
    await waitFor(() => expect(listed()).toEqual(['Lena Learner', 'Ana Silva']))
    expect(within(comments()).getByText('Really helpful')).toBeInTheDocument()
    expect(await within(comments()).findByText('(2 reviews)')).toBeInTheDocument()
    expect(within(comments()).getByText('3.0')).toBeInTheDocument()
    await waitFor(() => expect(starRow(4)).toHaveTextContent('1 (50.0%)'))
    expect(starRow(2)).toHaveTextContent('1 (50.0%)')

    // Reopened: rating and text were reset.
    await user.click(screen.getByRole('button', { name: 'Leave a Comment' }))
    modal = await inDialog('Leave a Comment')
    expect(modal.getByRole('textbox', { name: 'Comment' })).toHaveValue('')
    for (const radio of modal.getAllByRole('radio')) expect(radio).not.toBeChecked()
    await user.click(modal.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    api.stop()
  })

  it("toasts 'Failed to submit comment' and keeps the dialog open with the draft", async () => {
    const { pkg } = await lesson()
    const held = gate()
    mswServer.use(
      http.post('*/api/comments', async () => {
        await held.opened
        return HttpResponse.json({ success: false, status: 500, message: 'Database unavailable' }, { status: 500 })
      }),
    )
    const { user } = await openViewer(pkg)
    await user.click(screen.getByRole('button', { name: 'Leave a Comment' }))
    const modal = await inDialog('Leave a Comment')
    await user.click(modal.getByRole('radio', { name: '3 stars' }))
    await user.type(modal.getByRole('textbox', { name: 'Comment' }), 'Okay')
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    await waitFor(() => expect(modal.getByRole('button', { name: 'Submitting...' })).toBeDisabled())
    held.open()
    expect(await findToast('Failed to submit comment')).toBeInTheDocument()
    expect(queryToast('Comment submitted')).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Leave a Comment' })).toBeInTheDocument()
    expect(modal.getByRole('textbox', { name: 'Comment' })).toHaveValue('Okay')
    expect(modal.getByRole('radio', { name: '3 stars' })).toBeChecked()
  })

  it('only logs a failure to load the comment list (no toast)', async () => {
    const { pkg, videoId } = await lesson()
    mswServer.use(
      http.get(`*/api/comments/video/${videoId}/paged`, () =>
        HttpResponse.json({ success: false, status: 500, message: 'Database unavailable' }, { status: 500 }),
      ),
    )
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await openViewer(pkg)
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to load comments', expect.anything()))
    expect(queryToast(/Failed/)).not.toBeInTheDocument()
    expect(within(comments()).getByText('No comments to display.')).toBeInTheDocument()
    logged.mockRestore()
  })

  it("shows the selected video's comments, and starts unfiltered on another video", async () => {
    const { pkg, videoId, secondVideoId, ana } = await lesson()
    await postComment(ana.token, videoId, 5, 'On the first')
    await postComment(ana.token, secondVideoId, 3, 'On the second')
    const { user } = await openViewer(pkg)
    expect(await within(comments()).findByText('On the first')).toBeInTheDocument()
    await user.click(starRow(5))
    await user.click(screen.getByRole('button', { name: 'Lesson two' }))
    expect(await within(comments()).findByText('On the second')).toBeInTheDocument()
    expect(within(comments()).queryByText('On the first')).not.toBeInTheDocument()
    expect(starRow(5)).toHaveAttribute('aria-pressed', 'false')
    expect(within(comments()).getByText('on Lesson two')).toBeInTheDocument()
  })

  it('does not ask for comments when the video id is not numeric', async () => {
    const { pkg, me } = await lesson()
    const tree = (await testContext().request<Package>('GET', `/api/packages/${pkg.id}`, { token: me.token })).body.data!
    const odd = structuredClone(tree)
    for (const v of odd.skills[0]!.topics[0]!.subTopics[0]!.videos) (v as unknown as { id: string }).id = `video-${v.id}`
    mswServer.use(http.get(`*/api/packages/${pkg.id}`, () => HttpResponse.json({ success: true, status: 200, data: odd })))
    const api = recordApi()
    renderApp(`/topics/${pkg.id}`)
    expect(await screen.findByRole('heading', { name: 'Guitar', level: 1 })).toBeInTheDocument()
    // The package's own rating (asked for at the same time) has arrived: the page is settled.
    expect(await screen.findByText('(0 reviews)')).toBeInTheDocument()
    expect(api.seen.filter((r) => r.includes('/api/comments'))).toEqual([])
    expect(screen.queryByRole('heading', { name: 'Comments' })).not.toBeInTheDocument()
    api.stop()
  })
})
