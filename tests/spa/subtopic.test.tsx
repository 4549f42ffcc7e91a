import { screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { seedSkill } from '../support/media.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs } from '../support/render.tsx'

/** The 'Numbers' package of seedSkill; its sub-topic 'Adding fractions' (topic 'Fractions'). */
async function seedSubTopic() {
  const { token } = await signInAs('admin')
  const { subTopics } = await seedSkill(token)
  return { token, subTopic: subTopics.adding }
}

describe('sub-topic view', () => {
  it('shows the title, description, its topic, and empty video and study material lists', async () => {
    const { subTopic } = await seedSubTopic()
    renderApp(`/subtopic/${subTopic.id}`)
    expect(await screen.findByRole('heading', { name: 'Adding fractions', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('Sub-topic of Fractions')).toBeInTheDocument()
    expect(screen.getByText(/Find a common denominator,\s+then add the numerators\./)).toBeInTheDocument()
    expect(screen.getByText('Numerators and denominators.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Videos' })).toBeInTheDocument()
    expect(screen.getByText('No videos uploaded yet.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Study materials' })).toBeInTheDocument()
    expect(screen.getByText('No study materials yet.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Added Questions' })).toHaveAttribute('href', `/subtopic-mcqs/${subTopic.id}`)
  })

  it('lists videos and study materials when the sub-topic has them', async () => {
    const { subTopic } = await seedSubTopic()
    const withMedia = {
      ...subTopic,
      topicTitle: 'Fractions',
      topicDescription: 'Numerators and denominators.',
      videos: [
        {
          id: 1,
          subTopicId: subTopic.id,
          title: 'Adding halves',
          url: 'https://cdn.example/v1.mp4',
          thumbnailUrl: '',
          noOfViews: 3,
          createdAt: '2025-01-05T10:00:00Z',
          captions: [],
        },
      ],
      studyMaterials: [
        {
          id: 2,
          subTopicId: subTopic.id,
          name: 'Worksheet',
          version: 2,
          isLatest: true,
          pdfUrl: 'https://cdn.example/w.pdf',
          createdAt: '2025-01-06T10:00:00Z',
        },
      ],
    }
    mswServer.use(http.get('*/api/subTopic/:id', () => HttpResponse.json({ success: true, status: 200, data: withMedia })))
    const { user } = renderApp(`/subtopic/${subTopic.id}`)
    expect(await screen.findByText('Adding halves')).toBeInTheDocument()
    expect(screen.getByText(/3 views/)).toBeInTheDocument()
    expect(screen.getByText('Worksheet')).toBeInTheDocument()
    expect(screen.getByText('v2')).toBeInTheDocument()
    expect(screen.getByText('latest')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open PDF Worksheet version 2' })).toHaveAttribute('href', 'https://cdn.example/w.pdf')
    // The same lists as the Upload Content page, read-only here: Play opens the player, nothing can be deleted.
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Play Adding halves' }))
    expect(await screen.findByLabelText('Video: Adding halves')).toHaveAttribute('src', 'https://cdn.example/v1.mp4')
    expect(screen.queryByText('No videos uploaded yet.')).not.toBeInTheDocument()
    expect(screen.queryByText('No study materials yet.')).not.toBeInTheDocument()
  })

  it("shows 'Failed to fetch subtopic' as a toast and inline; Retry loads it", async () => {
    const { subTopic } = await seedSubTopic()
    mswServer.use(http.get('*/api/subTopic/:id', () => HttpResponse.text('', { status: 503 })))
    const { user } = renderApp(`/subtopic/${subTopic.id}`)
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch subtopic\.\s*$/)
    expect(await screen.findByText('Failed to fetch subtopic', { selector: '[data-title]' })).toBeInTheDocument()
    mswServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'Adding fractions', level: 1 })).toBeInTheDocument()
  })

  it("shows 'SubTopic not found' for an id that does not exist", async () => {
    await signInAs('admin')
    renderApp('/subtopic/424242')
    expect(await screen.findByText('SubTopic not found')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to packages' })).toHaveAttribute('href', '/package')
  })

  it('sends learners away', async () => {
    const { subTopic } = await seedSubTopic()
    localStorage.clear()
    await signInAs('USER')
    const { pathname } = renderApp(`/subtopic/${subTopic.id}`)
    await waitFor(() => expect(pathname()).toBe('/user/my-dashboard'))
  })
})
