import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import { http, HttpResponse } from 'msw'
import type { Package } from '../../contract/content.ts'
import { videos as videosTable } from '../../server/db/schema.ts'
import { gate, mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { fetchTree, inDialog, recordApi, seedTree } from '../support/learning.ts'
import { findToast, queryToast } from '../support/toasts.ts'
import { assignPackages } from '../support/users.ts'

/**
 * 'Frontend Path': skill 'HTML & CSS' with topics 'Foundations' (Setup — no videos; Elements — two videos;
 * Forms — one video and a PDF) and 'Layout' (Flexbox — one video; Grid), and skill 'JavaScript' with 'Basics' (Variables).
 */
async function frontendPath() {
  const admin = await testContext().createUser({ role: 'admin' })
  const pkg = await seedTree(admin.token, {
    title: 'Frontend Path',
    description: 'From markup to interactivity.',
    skills: [
      {
        title: 'HTML & CSS',
        topics: [
          {
            title: 'Foundations',
            subTopics: [
              'Setup',
              { title: 'Elements', videos: ['Intro to elements', 'Attributes'] },
              { title: 'Forms', videos: ['Inputs'], pdfs: ['Forms cheat sheet'] },
            ],
          },
          { title: 'Layout', subTopics: [{ title: 'Flexbox', videos: ['Flex basics'] }, 'Grid'] },
        ],
      },
      { title: 'JavaScript', topics: [{ title: 'Basics', subTopics: ['Variables'] }] },
    ],
  })
  const me = await signInAs('USER', { name: 'Lena Learner' })
  await assignPackages(admin.token, me.user.id, [pkg.id])
  const [html, js] = pkg.skills
  const [foundations, layout] = html!.topics
  const [setup, elements, forms] = foundations!.subTopics
  const [flexbox, grid] = layout!.subTopics
  const variables = js!.topics[0]!.subTopics[0]!
  return {
    admin,
    me,
    pkg,
    foundations: foundations!,
    layout: layout!,
    setup: setup!,
    elements: elements!,
    forms: forms!,
    flexbox: flexbox!,
    grid: grid!,
    variables,
  }
}

const player = () => document.querySelector('video')
const outline = () => screen.getByRole('navigation', { name: 'Course content' })
/** A title, as the start of an accessible name that may go on with the learner's state ('Forms 0 %'). */
const titled = (name: string | RegExp) =>
  typeof name === 'string' ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`) : name
/** An accordion control (a topic's or a sub-topic's). */
const control = (name: string | RegExp) => within(outline()).getByRole('button', { name: titled(name) })
const panel = (name: string | RegExp) => within(outline()).getByRole('region', { name: titled(name) })
const expanded = (name: string | RegExp) => control(name).getAttribute('aria-expanded') === 'true'

async function openViewer(id: number) {
  const view = renderApp(`/topics/${id}`)
  await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })
  // The outline's items mount once the header and the player have painted.
  await within(outline()).findAllByRole('button')
  return view
}

describe('/topics/{id}: the package viewer', () => {
  it("shows 'Loading package...', then the title, description, 'Review This Package' and the first video under its topic and sub-topic", async () => {
    const { pkg, elements } = await frontendPath()
    const held = gate()
    mswServer.use(
      http.get(`*/api/packages/${pkg.id}`, async () => {
        await held.opened
        return undefined
      }),
    )
    renderApp(`/topics/${pkg.id}`)
    expect(await screen.findByText('Loading package...')).toBeInTheDocument()
    held.open()
    expect(await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })).toBeInTheDocument()
    expect(screen.queryByText('Loading package...')).not.toBeInTheDocument()
    expect(screen.getByText('From markup to interactivity.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Review This Package' })).toBeInTheDocument()

    // 'Setup' has no videos: the first video is the first of 'Elements'.
    const video = player()!
    expect(video).toHaveAttribute('aria-label', 'Video: Intro to elements')
    expect(video).toHaveAttribute('controls')
    expect(video.getAttribute('src')).toMatch(/^\/api\/files\//)
    expect(video.getAttribute('src')!.split('?')[0]).toBe(elements.videos[0]!.url.split('?')[0])
    const bar = screen.getByRole('group', { name: 'Now playing' })
    expect(bar).toHaveTextContent(/^FoundationsElements$/)
    expect(screen.getByRole('heading', { name: 'Intro to elements', level: 2 })).toBeInTheDocument()
  })

  it("says 'No video available' when the package has no videos", async () => {
    const admin = await testContext().createUser({ role: 'admin' })
    const pkg = await seedTree(admin.token, {
      title: 'Frontend Path',
      skills: [{ title: 'Theory', topics: [{ title: 'Reading', subTopics: ['Books'] }] }],
    })
    const me = await signInAs('USER')
    await assignPackages(admin.token, me.user.id, [pkg.id])
    await openViewer(pkg.id)
    expect(screen.getByText('No video available')).toBeInTheDocument()
    expect(player()).toBeNull()
    expect(screen.queryByRole('button', { name: 'Leave a Comment' })).not.toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Comments' })).not.toBeInTheDocument()
    expect(control(/^Reading/)).toHaveAttribute('aria-expanded', 'true')
  })

  it("says 'Failed to load package' (toast and inline) when the package cannot be loaded, and retries", async () => {
    const { pkg } = await frontendPath()
    let fail = true
    mswServer.use(
      http.get(`*/api/packages/${pkg.id}`, () =>
        fail ? HttpResponse.json({ success: false, status: 500, message: 'Database unavailable' }, { status: 500 }) : undefined,
      ),
    )
    const { user } = renderApp(`/topics/${pkg.id}`)
    expect(await findToast('Failed to load package')).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load package')
    fail = false
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })).toBeInTheDocument()
  })

  it("shows a clear 'not available to you' page for a package that is not assigned to the learner", async () => {
    const admin = await testContext().createUser({ role: 'admin' })
    const pkg = await seedTree(admin.token, {
      title: 'Someone Else’s',
      skills: [{ title: 'Secret', topics: [{ title: 'Hidden', subTopics: [{ title: 'Clip', videos: ['Clip'] }] }] }],
    })
    await signInAs('USER')
    const { user, pathname } = renderApp(`/topics/${pkg.id}`)
    expect(await screen.findByRole('heading', { name: 'This package is not available to you' })).toBeInTheDocument()
    expect(screen.getByText(/open once an administrator assigns it to you/)).toBeInTheDocument()
    expect(queryToast('Failed to load package')).not.toBeInTheDocument()
    expect(player()).toBeNull()
    await user.click(screen.getByRole('link', { name: 'Go to My Learning Packages' }))
    expect(await screen.findByRole('heading', { name: 'My Learning Packages' })).toBeInTheDocument()
    expect(pathname()).toBe('/user/packages')
  })

  it("shows 'Package not found' for an unknown or malformed id", async () => {
    await signInAs('USER')
    const view = renderApp('/topics/999999')
    expect(await screen.findByRole('heading', { name: 'Package not found' })).toBeInTheDocument()
    view.unmount()
    renderApp('/topics/abc')
    expect(await screen.findByRole('heading', { name: 'Package not found' })).toBeInTheDocument()
  })

  it('keeps one topic open at a time and several sub-topics open at once, starting at the first video', async () => {
    const { pkg } = await frontendPath()
    const { user } = await openViewer(pkg.id)
    expect(expanded(/^Foundations/)).toBe(true)
    expect(expanded(/^Layout/)).toBe(false)
    expect(expanded(/^Basics/)).toBe(false)
    expect(expanded('Elements')).toBe(true)
    expect(expanded('Setup')).toBe(false)
    // The skills of the package head their topics.
    expect(within(outline()).getByText('HTML & CSS')).toBeInTheDocument()
    expect(within(outline()).getByText('JavaScript')).toBeInTheDocument()

    await user.click(control(/^Layout/))
    expect(expanded(/^Layout/)).toBe(true)
    expect(expanded(/^Foundations/)).toBe(false)
    await user.click(control(/^Basics/))
    expect(expanded(/^Basics/)).toBe(true)
    expect(expanded(/^Layout/)).toBe(false)

    await user.click(control(/^Foundations/))
    expect(expanded(/^Basics/)).toBe(false)
    await user.click(control('Setup'))
    await user.click(control('Forms'))
    expect(expanded('Setup')).toBe(true)
    expect(expanded('Elements')).toBe(true)
    expect(expanded('Forms')).toBe(true)
    await user.click(control('Elements'))
    expect(expanded('Elements')).toBe(false)
    expect(expanded('Forms')).toBe(true)
    expect(within(panel('Setup')).getByText('No videos in this sub-topic yet.')).toBeInTheDocument()
  })

  it("labels videos by title or 'Video N' and plays the one clicked, with its topic and sub-topic in the bar", async () => {
    const { pkg, elements } = await frontendPath()
    await testContext().deps.db.update(videosTable).set({ title: '' }).where(eq(videosTable.id, elements.videos[1]!.id))
    const { user } = await openViewer(pkg.id)
    const list = within(panel('Elements')).getByRole('list', { name: 'Videos of Elements' })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Intro to elements', 'Video 2'])
    expect(within(list).getByRole('button', { name: 'Intro to elements' })).toHaveAttribute('aria-current', 'true')

    await user.click(within(list).getByRole('button', { name: 'Video 2' }))
    expect(player()).toHaveAttribute('aria-label', 'Video: Video 2')
    expect(player()).toHaveAttribute('autoplay')
    expect(within(list).getByRole('button', { name: 'Video 2' })).toHaveAttribute('aria-current', 'true')
    expect(within(list).getByRole('button', { name: 'Intro to elements' })).not.toHaveAttribute('aria-current')

    await user.click(control(/^Layout/))
    await user.click(control('Flexbox'))
    await user.click(within(panel('Flexbox')).getByRole('button', { name: 'Flex basics' }))
    expect(player()).toHaveAttribute('aria-label', 'Video: Flex basics')
    expect(screen.getByRole('group', { name: 'Now playing' })).toHaveTextContent(/^LayoutFlexbox$/)
    expect(screen.getByRole('heading', { name: 'Flex basics', level: 2 })).toBeInTheDocument()
  })

  it("links each test: 'Take Test', 'Cumulative Test' (sub-topics opened so far, in order), 'Take Test on All Topics' and 'Take Full Test'", async () => {
    const { pkg, foundations, setup, elements, forms, flexbox, grid, variables } = await frontendPath()
    const { user } = await openViewer(pkg.id)
    const href = (region: string, name: string) => within(panel(region)).getByRole('link', { name }).getAttribute('href')

    expect(href('Elements', 'Take Test')).toBe(`/mcq-test/${elements.id}`)
    expect(href('Elements', 'Cumulative Test')).toBe(`/mcq-test/${elements.id}`)
    await user.click(control('Forms'))
    expect(href('Forms', 'Take Test')).toBe(`/mcq-test/${forms.id}`)
    expect(href('Forms', 'Cumulative Test')).toBe(`/mcq-test/${elements.id},${forms.id}`)
    // Opening 'Setup' and closing it again: it was opened, so it counts, in the topic's order.
    await user.click(control('Setup'))
    await user.click(control('Setup'))
    expect(href('Forms', 'Cumulative Test')).toBe(`/mcq-test/${setup.id},${elements.id},${forms.id}`)

    const foundationsPanel = panel(new RegExp(`^${foundations.title}`))
    expect(within(foundationsPanel).getByRole('link', { name: 'Take Test on All Topics' })).toHaveAttribute(
      'href',
      `/mcq-test/${setup.id},${elements.id},${forms.id}`,
    )
    expect(screen.getByRole('link', { name: 'Take Full Test' })).toHaveAttribute(
      'href',
      `/mcq-test/${[setup, elements, forms, flexbox, grid, variables].map((s) => s.id).join(',')}`,
    )

    // Another topic: its own sub-topics only.
    await user.click(control(/^Layout/))
    await user.click(control('Grid'))
    expect(href('Grid', 'Cumulative Test')).toBe(`/mcq-test/${grid.id}`)
    expect(within(panel(/^Layout/)).getByRole('link', { name: 'Take Test on All Topics' })).toHaveAttribute(
      'href',
      `/mcq-test/${flexbox.id},${grid.id}`,
    )
  })

  it("downloads a sub-topic's PDFs as '<sub-topic title>.zip', and offers no download for a sub-topic without any", async () => {
    const { pkg } = await frontendPath()
    const saved: { name: string; type: string }[] = []
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: '', type: blob.type })
      return 'blob:zip'
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download
    })
    const { user } = await openViewer(pkg.id)
    await user.click(control('Forms'))
    await user.click(within(panel('Forms')).getByRole('button', { name: 'Download PDF' }))
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1))
    expect(saved).toEqual([{ name: 'Forms.zip', type: 'application/zip' }])

    await user.click(control('Setup'))
    expect(within(panel('Setup')).getByRole('button', { name: 'Download PDF' })).toBeDisabled()
    expect(click).toHaveBeenCalledTimes(1)
    click.mockRestore()
  })

  it('counts a view on the first play of each video on the page, not on later plays', async () => {
    const { pkg, elements, admin } = await frontendPath()
    const api = recordApi()
    const { user } = await openViewer(pkg.id)
    const views = () => api.seen.filter((r) => r.startsWith('POST /api/videos/'))
    expect(views()).toEqual([])
    fireEvent.play(player()!)
    await waitFor(() => expect(views()).toEqual([`POST /api/videos/${elements.videos[0]!.id}/view`]))
    fireEvent.pause(player()!)
    fireEvent.play(player()!)
    await user.click(within(panel('Elements')).getByRole('button', { name: 'Attributes' }))
    fireEvent.play(player()!)
    await user.click(within(panel('Elements')).getByRole('button', { name: 'Intro to elements' }))
    fireEvent.play(player()!)
    await waitFor(() => expect(views()).toHaveLength(2))
    await new Promise((r) => setTimeout(r, 50))
    expect(views()).toEqual([`POST /api/videos/${elements.videos[0]!.id}/view`, `POST /api/videos/${elements.videos[1]!.id}/view`])
    api.stop()
    const tree: Package = await fetchTree(admin.token, pkg.id)
    expect(tree.skills[0]!.topics[0]!.subTopics[1]!.videos.map((v) => v.noOfViews)).toEqual([1, 1])
  })

  it("opens the Submit Review dialog for the package from 'Review This Package'", async () => {
    const { pkg } = await frontendPath()
    const { user } = await openViewer(pkg.id)
    await user.click(screen.getByRole('button', { name: 'Review This Package' }))
    const modal = await inDialog('Submit Review')
    expect(modal.getByText('Package: Frontend Path')).toBeInTheDocument()
    await user.click(modal.getByRole('radio', { name: '4 stars' }))
    await user.click(modal.getByRole('button', { name: 'Submit' }))
    expect(await findToast('Review submitted!')).toBeInTheDocument()
    // The package's rating under the title follows.
    expect(await screen.findByText('(1 review)')).toBeInTheDocument()
  })

  it("names the two rating blocks apart: 'Package rating' under the title, 'Ratings of this video' by the comments", async () => {
    const { pkg } = await frontendPath()
    await openViewer(pkg.id)
    const packageRating = await screen.findByRole('group', { name: 'Package rating' })
    expect(within(packageRating).getByText('Package rating')).toBeVisible()
    expect(await within(packageRating).findByText('(0 reviews)')).toBeInTheDocument()
    const videoRatings = await screen.findByRole('group', { name: 'Ratings of this video' })
    expect(within(videoRatings).getByText('Ratings of this video')).toBeVisible()
    expect(within(videoRatings).getByText('(0 reviews)')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Comments' })).toContainElement(videoRatings)
  })

  it('puts the course outline after the player and before the comments (so it sits below the player on a phone)', async () => {
    const { pkg } = await frontendPath()
    await openViewer(pkg.id)
    const comments = await screen.findByRole('heading', { name: 'Comments' })
    const order = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)
    expect(order(player()!, outline())).toBe(true)
    expect(order(outline(), comments)).toBe(true)
  })
})
