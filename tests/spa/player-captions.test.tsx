import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { User } from '../../contract/auth.ts'
import type { Package, ScormPackage } from '../../contract/content.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { captureDownloads } from '../support/downloads.ts'
import { singleScoPackage } from '../../server/test/scorm-packages.ts'
import { addCaptions, multipart } from '../support/media.ts'
import { recordBodies } from '../support/server.ts'
import { assignPackages } from '../support/users.ts'

const ENGLISH = `WEBVTT

00:00:00.000 --> 00:00:02.000
Welcome to the course.

00:00:02.000 --> 00:00:04.000
Today we learn about flexbox.

00:00:04.000 --> 00:00:06.000
Flexbox lines things up.
`
const FRENCH = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nBienvenue.\n'

/** A package with one video carrying English and French captions, assigned to a signed-in learner. */
async function captionedVideo(preferences: Partial<Pick<User, 'captionsLanguage' | 'captionsOn' | 'playbackRate'>> = {}) {
  const admin = await testContext().createUser({ role: 'admin' })
  const pkg: Package = await seedTree(admin.token, {
    title: 'Layout Path',
    skills: [{ title: 'CSS', topics: [{ title: 'Layout', subTopics: [{ title: 'Flexbox', videos: ['Flex basics', 'Flex wrap'] }] }] }],
  })
  const videos = pkg.skills[0]!.topics[0]!.subTopics[0]!.videos
  for (const video of videos) {
    await addCaptions(admin.token, video.id, { language: 'fr', label: 'Français', text: FRENCH })
    await addCaptions(admin.token, video.id, { language: 'en', label: 'English', text: ENGLISH })
  }
  const me = await signInAs('USER', { name: 'Lena Learner' })
  await assignPackages(admin.token, me.user.id, [pkg.id])
  if (Object.keys(preferences).length)
    await testContext().request('PUT', '/api/user/profile', { token: me.token, body: { name: 'Lena Learner', ...preferences } })
  return { pkg, adminToken: admin.token }
}

/** The window is as wide as a laptop's for this test: the viewer has its side column. */
function wideScreen() {
  const original = window.matchMedia
  window.matchMedia = (query: string) => ({ ...original(query), matches: query === '(min-width: 62em)' || original(query).matches })
  onTestFinished(() => {
    window.matchMedia = original
  })
}

const player = () => document.querySelector('video')!

/** jsdom plays nothing: the position is what the test sets, play() and pause() are recorded. */
function fakeMedia(video: HTMLVideoElement) {
  let time = 0
  const calls: string[] = []
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => time,
    set: (t: number) => {
      time = t
    },
  })
  Object.defineProperty(video, 'paused', { configurable: true, get: () => !calls.length || calls.at(-1) === 'pause' })
  video.play = () => {
    calls.push('play')
    return Promise.resolve()
  }
  video.pause = () => void calls.push('pause')
  return calls
}

async function openViewer(id: number) {
  renderApp(`/topics/${id}`)
  await screen.findByRole('heading', { name: 'Layout Path', level: 1 })
  await screen.findByLabelText('Captions')
}

describe('the player: caption tracks, transcript, speed and shortcuts', () => {
  it('gives the video a <track> per caption file, the browser language first, captions off without a choice', async () => {
    const { pkg } = await captionedVideo()
    await openViewer(pkg.id)
    const tracks = [...player().querySelectorAll('track')]
    expect(tracks.map((t) => [t.getAttribute('srclang'), t.getAttribute('label'), t.getAttribute('kind')])).toEqual([
      ['en', 'English', 'captions'],
      ['fr', 'Français', 'captions'],
    ])
    expect(tracks.every((t) => /^\/api\/files\/\w+\?exp=/.test(t.getAttribute('src')!))).toBe(true)
    expect(tracks.some((t) => t.hasAttribute('default'))).toBe(false)
    const select = screen.getByLabelText<HTMLSelectElement>('Captions')
    expect(select.value).toBe('off')
    // jsdom's browser language is English: its track is offered first.
    expect([...select.options].map((o) => o.text)).toEqual(['Off', 'English', 'Français'])
    expect(player()).toHaveAccessibleDescription(/Keyboard shortcuts: Space or K, play or pause;/)
  })

  it("offers the tracks in the browser's languages first while the learner has made no choice", async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en'])
    onTestFinished(() => languages.mockRestore())
    const { pkg } = await captionedVideo()
    await openViewer(pkg.id)
    const select = screen.getByLabelText<HTMLSelectElement>('Captions')
    expect([...select.options].map((o) => o.text)).toEqual(['Off', 'Français', 'English'])
    expect(select.value).toBe('off')
    player().focus()
    await userEvent.keyboard('c')
    expect(select).toHaveDisplayValue('Français')
  })

  it('on a wide screen puts the open transcript beside the video, above the course outline, where the shortcuts still work', async () => {
    wideScreen()
    const { pkg } = await captionedVideo({ captionsOn: true, captionsLanguage: 'en' })
    await openViewer(pkg.id)
    const calls = fakeMedia(player())
    await userEvent.click(screen.getByRole('button', { name: 'Transcript' }))
    const panel = await screen.findByRole('region', { name: 'Transcript (English)' })
    const outline = screen.getByRole('navigation', { name: 'Course content' })
    // In the side column with the outline, ahead of it; not in the player.
    expect(outline.parentElement).toContainElement(panel)
    expect(panel.compareDocumentPosition(outline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(player().parentElement!.parentElement).not.toContainElement(panel)
    expect(screen.getByRole('button', { name: 'Transcript' })).toHaveAttribute('aria-controls', panel.parentElement!.id)

    const cue = await within(panel).findByRole('button', { name: /Today we learn about flexbox/ })
    cue.focus()
    await userEvent.keyboard('l')
    expect(player().currentTime).toBe(10)
    await userEvent.keyboard('k')
    expect(calls).toEqual(['play'])
    await userEvent.type(within(panel).getByLabelText('Search transcript'), 'k')
    expect(calls).toEqual(['play'])
  })

  it('on a wide screen, a SCORM package opened from the outline takes the transcript away with the video until Exit', async () => {
    wideScreen()
    const { pkg, adminToken } = await captionedVideo({ captionsOn: true, captionsLanguage: 'en' })
    const subTopicId = pkg.skills[0]!.topics[0]!.subTopics[0]!.id
    const scorm = await multipart<ScormPackage>(adminToken, `/api/subTopic/${subTopicId}/scorm`, [
      { name: 'file', fileName: 'course.zip', type: 'application/zip', data: new Uint8Array(singleScoPackage('1.2')) },
    ])
    await openViewer(pkg.id)
    await userEvent.click(screen.getByRole('button', { name: 'Transcript' }))
    expect(await screen.findByRole('region', { name: 'Transcript (English)' })).toBeInTheDocument()
    const outline = screen.getByRole('navigation', { name: 'Course content' })
    await userEvent.click(await within(outline).findByRole('button', { name: new RegExp(`^${scorm.title.replace(/[()]/g, '\\$&')}`) }))
    const section = await screen.findByRole('region', { name: scorm.title })
    expect(screen.queryByRole('region', { name: 'Transcript (English)' })).not.toBeInTheDocument()
    await userEvent.click(within(section).getByRole('button', { name: 'Exit' }))
    expect(await screen.findByRole('region', { name: 'Transcript (English)' })).toBeInTheDocument()
  })

  it('highlights the cue that timeupdate reaches, seeks on a click or Enter, and searches', async () => {
    const { pkg } = await captionedVideo({ captionsOn: true, captionsLanguage: 'en' })
    await openViewer(pkg.id)
    fakeMedia(player())
    await userEvent.click(screen.getByRole('button', { name: 'Transcript' }))
    const cues = await screen.findByRole('list', { name: 'Transcript cues' })
    expect(screen.getByRole('button', { name: 'Transcript' })).toHaveAttribute('aria-expanded', 'true')
    const cue = (name: RegExp) => within(cues).getByRole('button', { name })
    expect(cue(/Welcome to the course/)).toHaveAttribute('aria-current', 'true')

    player().currentTime = 2.5
    fireEvent.timeUpdate(player())
    await waitFor(() => expect(cue(/Today we learn about flexbox/)).toHaveAttribute('aria-current', 'true'))
    expect(cue(/Welcome to the course/)).not.toHaveAttribute('aria-current')

    await userEvent.click(cue(/Flexbox lines things up/))
    expect(player().currentTime).toBe(4)
    expect(cue(/Flexbox lines things up/)).toHaveAttribute('aria-current', 'true')
    cue(/Welcome/).focus()
    await userEvent.keyboard('{Enter}')
    expect(player().currentTime).toBe(0)
    expect(cue(/Welcome/)).toHaveFocus()

    await userEvent.type(screen.getByLabelText('Search transcript'), 'FLEXBOX')
    expect(await screen.findByText('2 matches')).toBeInTheDocument()
    expect(
      within(cues)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['0:02Today we learn about flexbox.', '0:04Flexbox lines things up.'])
    expect([...cues.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['flexbox', 'Flexbox'])

    const saved = captureDownloads()
    await userEvent.click(screen.getByRole('button', { name: 'Download transcript' }))
    expect(saved[0]!.name).toBe('Flex basics transcript.txt')
    expect(await saved[0]!.blob.text()).toBe(
      'Flex basics\n\n[0:00] Welcome to the course.\n[0:02] Today we learn about flexbox.\n[0:04] Flexbox lines things up.\n',
    )
  })

  it('acts on shortcuts in the player and the transcript, and never while typing in a field', async () => {
    const { pkg } = await captionedVideo({ captionsOn: true, captionsLanguage: 'en' })
    await openViewer(pkg.id)
    const calls = fakeMedia(player())
    await userEvent.click(screen.getByRole('button', { name: 'Transcript' }))
    const search = await screen.findByLabelText('Search transcript')

    await userEvent.type(search, 'kjlmcf ')
    expect(calls).toEqual([])
    expect(player().currentTime).toBe(0)
    expect(player().muted).toBe(false)
    expect(screen.getByLabelText<HTMLSelectElement>('Captions').value).not.toBe('off')

    player().focus()
    await userEvent.keyboard('k')
    expect(calls).toEqual(['play'])
    // Space on the focused video is its own controls' key (the browser plays and pauses it); taking it as well
    // would toggle twice.
    await userEvent.keyboard(' ')
    expect(calls).toEqual(['play'])
    await userEvent.keyboard('k')
    expect(calls).toEqual(['play', 'pause'])
    await userEvent.keyboard('l')
    expect(player().currentTime).toBe(10)
    await userEvent.keyboard('{ArrowLeft}')
    expect(player().currentTime).toBe(5)
    await userEvent.keyboard('j')
    expect(player().currentTime).toBe(0)
    await userEvent.keyboard('{ArrowRight}')
    expect(player().currentTime).toBe(5)
    const fullscreen = vi.fn(() => Promise.resolve())
    player().requestFullscreen = fullscreen
    await userEvent.keyboard('f')
    expect(fullscreen).toHaveBeenCalledTimes(1)
    await userEvent.keyboard('m')
    expect(player().muted).toBe(true)
    await userEvent.keyboard('c')
    expect(screen.getByLabelText<HTMLSelectElement>('Captions').value).toBe('off')
    await userEvent.keyboard('c')
    expect(screen.getByLabelText<HTMLSelectElement>('Captions')).toHaveDisplayValue('English')

    await userEvent.keyboard('?')
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    expect(within(dialog).getByRole('cell', { name: 'Captions on or off' })).toBeInTheDocument()
  })

  it('remembers the captions choice and speed on the server and applies them to the next video', async () => {
    const { pkg } = await captionedVideo()
    const saved = recordBodies<Record<string, unknown>>('PUT', /\/api\/user\/profile$/)
    await openViewer(pkg.id)
    await userEvent.selectOptions(screen.getByLabelText('Captions'), 'Français')
    await userEvent.selectOptions(screen.getByLabelText('Speed'), '1.5×')
    expect(player().playbackRate).toBe(1.5)
    await waitFor(() =>
      expect(saved).toEqual([
        { name: 'Lena Learner', captionsOn: true, captionsLanguage: 'fr' },
        { name: 'Lena Learner', playbackRate: 1.5 },
      ]),
    )
    const me = await testContext().request<User>('GET', '/api/user/getUserByEmail', { token: localStorage.getItem('token')! })
    expect(me.body.data).toMatchObject({ captionsLanguage: 'fr', captionsOn: true, playbackRate: 1.5 })

    await userEvent.click(screen.getByRole('button', { name: /^Flex wrap/ }))
    await waitFor(() => expect(player()).toHaveAccessibleName(/Flex wrap/))
    expect(screen.getByLabelText('Captions')).toHaveDisplayValue('Français')
    expect(screen.getByLabelText('Speed')).toHaveDisplayValue('1.5×')
    expect(player().querySelector('track[default]')?.getAttribute('srclang')).toBe('fr')
  })
})
