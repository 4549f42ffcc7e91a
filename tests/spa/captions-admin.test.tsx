import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { Video } from '../../contract/content.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { addCaptions, fileOf, seedSkill, uploadVideo } from '../support/media.ts'

const text = (value: string) => new TextEncoder().encode(value)
const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type=file]')!

async function seedVideo() {
  const { token } = await signInAs('admin')
  const { subTopics, skill } = await seedSkill(token)
  const video = await uploadVideo(token, subTopics.adding.id, 'Adding halves')
  return { token, skillId: skill.id, subTopic: subTopics.adding, video }
}

describe('caption tracks on the admin screens', () => {
  it("adds captions from the sub-topic page, shows the server's line-numbered reason for a bad file, and deletes a track", async () => {
    const { subTopic } = await seedVideo()
    const { user } = renderApp(`/subtopic/${subTopic.id}`)
    await user.click(await screen.findByRole('button', { name: 'Add captions to Adding halves' }))
    const dialog = await screen.findByRole('dialog', { name: 'Captions for Adding halves' })
    const bad = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n00:00:03 --> 00:00:04.000\nbad\n'
    await user.upload(fileInput(dialog), fileOf(text(bad), 'halves.vtt', 'text/vtt'))
    await user.type(within(dialog).getByLabelText(/^Language/), 'en')
    await user.type(within(dialog).getByLabelText(/^Label/), 'English')
    await user.click(within(dialog).getByRole('button', { name: 'Upload captions' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Line 6: a cue timing must look like 00:01:02.500 --> 00:01:04.000')

    const good = 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHalf and half.\n'
    await user.upload(fileInput(dialog), fileOf(text(good), 'halves.vtt', 'text/vtt'))
    await user.click(within(dialog).getByRole('button', { name: 'Upload captions' }))
    const tracks = await screen.findByRole('list', { name: 'Caption tracks of Adding halves' })
    expect(within(tracks).getByText('English · en · Captions')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Captions for Adding halves' })).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Delete English captions of Adding halves' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete captions' })).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('No captions yet')).toBeInTheDocument()
  })

  it('on Upload Content, replaces a track with an SRT file (same language and kind, new label) and says why a non-caption file is refused', async () => {
    const { token, skillId, video } = await seedVideo()
    await addCaptions(token, video.id, { language: 'en', label: 'English', text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOld words.\n' })
    const { user } = renderApp(`/skill/${skillId}/topics`)
    const card = await screen.findByRole('region', { name: 'Adding fractions' })
    const tracks = await within(card).findByRole('list', { name: 'Caption tracks of Adding halves' })
    expect(within(tracks).getByText('English · en · Captions')).toBeInTheDocument()

    await user.click(within(tracks).getByRole('button', { name: 'Replace English captions of Adding halves' }))
    const dialog = await screen.findByRole('dialog', { name: 'Captions for Adding halves' })
    expect(within(dialog).getByLabelText(/^Language/)).toHaveValue('en')
    expect(within(dialog).getByLabelText('Kind')).toHaveValue('captions')
    await user.upload(fileInput(dialog), fileOf(text('%PDF-1.4\nnot captions'), 'halves.srt', 'application/x-subrip'))
    await user.click(within(dialog).getByRole('button', { name: 'Upload captions' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('file must be a WebVTT (.vtt) or SubRip (.srt) caption file')

    await user.upload(
      fileInput(dialog),
      fileOf(text('1\n00:00:01,000 --> 00:00:02,000\nNew words.\n'), 'halves.srt', 'application/x-subrip'),
    )
    await user.clear(within(dialog).getByLabelText(/^Label/))
    await user.type(within(dialog).getByLabelText(/^Label/), 'English (revised)')
    await user.click(within(dialog).getByRole('button', { name: 'Upload captions' }))
    await waitFor(() => expect(within(tracks).getByText('English (revised) · en · Captions')).toBeInTheDocument())
    expect(within(tracks).getAllByRole('listitem')).toHaveLength(1)
    const stored = await testContext().request<Video>('GET', `/api/videos/${video.id}`, { token })
    const served = await testContext().app.request(stored.body.data!.captions[0]!.url)
    expect(await served.text()).toContain('00:00:01.000 --> 00:00:02.000\nNew words.')
  })

  it('refuses a blank label, a bad language tag or a file of another kind in the form, before sending', async () => {
    const { subTopic } = await seedVideo()
    const { user } = renderApp(`/subtopic/${subTopic.id}`)
    await user.click(await screen.findByRole('button', { name: 'Add captions to Adding halves' }))
    const dialog = await screen.findByRole('dialog', { name: 'Captions for Adding halves' })
    await user.type(within(dialog).getByLabelText(/^Language/), 'not a tag!')
    await user.click(within(dialog).getByRole('button', { name: 'Upload captions' }))
    expect(await within(dialog).findByText("language must be a BCP 47 language tag such as 'en' or 'pt-BR'")).toBeInTheDocument()
    expect(within(dialog).getByText('label is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Choose a .vtt or .srt file')).toBeInTheDocument()
    // (The picker's filter would hide it; a file dropped on it or picked with 'All files' gets through.)
    await userEvent.setup({ applyAccept: false }).upload(fileInput(dialog), fileOf(text('Hello'), 'notes.txt', 'text/plain'))
    await user.click(within(dialog).getByRole('button', { name: 'Upload captions' }))
    expect(await within(dialog).findByText('Choose a .vtt or .srt caption file')).toBeInTheDocument()
  })

  it("links the dashboard's count of videos without captions to the coverage report, which links each to its sub-topic", async () => {
    const { token, subTopic, video } = await seedVideo()
    await uploadVideo(token, subTopic.id, 'Adding thirds')
    await addCaptions(token, video.id, { language: 'en', label: 'English', text: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi.\n' })
    const { user } = renderApp('/dashboard')
    await user.click(await screen.findByRole('link', { name: '1 video without captions' }))
    expect(await screen.findByRole('heading', { name: 'Caption coverage', level: 1 })).toBeInTheDocument()
    expect(screen.getByText('1 of 2 videos have captions; 1 video without.')).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Videos without captions' })
    expect(within(table).getByRole('cell', { name: 'Adding thirds' })).toBeInTheDocument()
    expect(within(table).getByRole('link', { name: 'Add captions to Adding thirds' })).toHaveAttribute('href', `/subtopic/${subTopic.id}`)
  })
})
