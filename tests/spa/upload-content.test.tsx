import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { onTestFinished } from 'vitest'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { TEMPLATE_HEADERS, XLSX_TYPE } from '../../contract/mcq-import.ts'
import { captureDownloads } from '../support/downloads.ts'
import { mswServer } from '../support/server.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { addMaterial, addMcqs, bytes, fileOf, seedSkill, uploadVideo } from '../support/media.ts'

async function seed() {
  const { token } = await signInAs('admin')
  return seedSkill(token)
}

/** A workbook generated here, as a browser File. */
async function workbook(rows: (string | number | null)[][], name = 'questions.xlsx') {
  const ExcelJS = (await import('exceljs')).default
  const book = new ExcelJS.Workbook()
  const sheet = book.addWorksheet('MCQs')
  for (const row of rows) sheet.addRow(row)
  return fileOf(new Uint8Array(await book.xlsx.writeBuffer()), name, XLSX_TYPE)
}

const toast = (title: string) => screen.findByText(title, { selector: '[data-title]' })
const toastDescription = (text: string | RegExp) => screen.findByText(text, { selector: '[data-description]' })

async function openPage(skillId: number, subTopicTitle = 'Adding fractions') {
  const view = renderApp(`/skill/${skillId}/topics`)
  const card = await screen.findByRole('region', { name: subTopicTitle })
  return { ...view, card }
}

const fileInputs = (form: HTMLElement) => [...form.querySelectorAll<HTMLInputElement>('input[type=file]')]

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Upload Content page', () => {
  it('shows the skill and package, the bulk upload, and each sub-topic with its id and question link', async () => {
    const { skill, subTopics } = await seed()
    await openPage(skill.id)
    expect(screen.getByRole('heading', { level: 1, name: 'Fractions skill' })).toBeInTheDocument()
    expect(screen.getByText('Upload Content · Package: Numbers')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Upload MCQs At once With SubTopic ID' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Fractions' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Decimals' })).toBeInTheDocument()
    for (const sub of [subTopics.adding, subTopics.comparing, subTopics.placeValue]) {
      const card = screen.getByRole('region', { name: sub.title })
      expect(within(card).getByText(`Sub-topic ID: ${sub.id}`)).toBeInTheDocument()
      expect(within(card).getByRole('link', { name: 'View Added Questions' })).toHaveAttribute('href', `/subtopic-mcqs/${sub.id}`)
    }
  })

  it("shows 'Failed to fetch topics' as a toast and inline when the skill cannot be loaded", async () => {
    const { skill } = await seed()
    mswServer.use(
      http.get('*/api/skills/skills/:id/topics', () =>
        HttpResponse.json({ success: false, message: 'Database unavailable' }, { status: 503 }),
      ),
    )
    renderApp(`/skill/${skill.id}/topics`)
    expect(await toast('Failed to fetch topics')).toBeInTheDocument()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch topics. Database unavailable')
  })
})

describe('video upload', () => {
  it("asks for both files: 'Please select both video and thumbnail'", async () => {
    const { skill } = await seed()
    const { user, card } = await openPage(skill.id)
    const form = within(card).getByRole('form', { name: /^Upload a video/ })
    // Both are marked required before anything is tried.
    for (const label of ['Video', 'Thumbnail']) {
      const field = within(form).getByLabelText(label, { exact: false })
      expect(field).toHaveAccessibleDescription(/^Required/)
      expect(document.querySelector(`label[for="${field.id}"]`)).toHaveTextContent(`${label} *`)
    }
    await user.click(within(form).getByRole('button', { name: 'Upload video' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please select both video and thumbnail')
    await user.upload(fileInputs(form)[0]!, fileOf(bytes.mp4(), 'intro.mp4', 'video/mp4'))
    await user.click(within(form).getByRole('button', { name: 'Upload video' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please select both video and thumbnail')
  })

  it('uploads through the real API: the progress bar reaches 100, then the new video is listed', async () => {
    const { skill } = await seed()
    // jsdom reports upload progress when the answer arrives; the bar stays at 100% while the list refreshes, held here.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let topicReads = 0
    mswServer.use(
      http.get('*/api/skills/skills/:id/topics', async ({ request }) => {
        if (++topicReads > 1) await held
        return testContext().app.fetch(request)
      }),
    )
    const { user, card } = await openPage(skill.id)
    const form = within(card).getByRole('form', { name: /^Upload a video/ })
    const [videoInput, thumbInput] = fileInputs(form)
    await user.upload(videoInput!, fileOf(bytes.mp4(64 * 1024), 'intro.mp4', 'video/mp4'))
    await user.upload(thumbInput!, fileOf(bytes.png(), 'intro.png', 'image/png'))
    await user.type(within(form).getByRole('textbox', { name: 'Title (optional)' }), 'Halves')
    await user.click(within(form).getByRole('button', { name: 'Upload video' }))
    const bar = await within(form).findByRole('progressbar', { name: 'Video upload progress' })
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'))
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeDisabled()
    release()
    expect(await toast('Uploaded successfully')).toBeInTheDocument()
    const list = await within(card).findByRole('list', { name: 'Videos' })
    expect(within(list).getByText('Halves')).toBeInTheDocument()
    expect(within(list).getByText('0 views')).toBeInTheDocument()
    expect(within(list).getByRole('img', { name: 'Thumbnail of Halves' })).toHaveAttribute('src', expect.stringMatching(/^\/api\/files\//))
    expect(within(card).getByRole('tab', { name: /Videos/ })).toHaveTextContent('1')
    // The form is ready for the next video.
    expect(within(form).getByRole('button', { name: 'Upload video' })).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: 'Title (optional)' })).toHaveValue('')
  })

  it("'Use a frame from the video' draws the chosen moment and uploads it as the thumbnail", async () => {
    const { skill } = await seed()
    // jsdom plays and draws nothing. Stubbed here as a browser behaves: a video source reports its 12 s length,
    // a seek reports 'seeked', and a canvas encodes what was drawn (these PNG bytes).
    const frameBytes = bytes.png(2048)
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL }
    const createObjectURL = vi.fn((blob: Blob) => `blob:test/${blob.size}`)
    const revokeObjectURL = vi.fn()
    Object.assign(URL, { createObjectURL, revokeObjectURL })
    onTestFinished(() => {
      Object.assign(URL, original)
    })
    vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLMediaElement, url: string) {
      this.setAttribute('src', url)
      queueMicrotask(() => this.dispatchEvent(new Event('loadedmetadata')))
    })
    vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(12)
    const seeks: number[] = []
    vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation(function (this: HTMLMediaElement, at: number) {
      seeks.push(at)
      queueMicrotask(() => this.dispatchEvent(new Event('seeked')))
    })
    const drawImage = vi.fn()
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D)
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) => done(new Blob([frameBytes], { type })))
    // The multipart body the form sends, read as Latin-1 so every byte is one character.
    let sent = ''
    mswServer.use(
      http.post('*/api/videos/upload/:id', async ({ request }) => {
        sent = new TextDecoder('latin1').decode(await request.clone().arrayBuffer())
        return testContext().app.fetch(request)
      }),
    )

    const { user, card } = await openPage(skill.id)
    const form = within(card).getByRole('form', { name: /^Upload a video/ })
    expect(within(form).queryByRole('button', { name: 'Use a frame from the video' })).not.toBeInTheDocument()
    await user.upload(fileInputs(form)[0]!, fileOf(bytes.mp4(), 'intro.mp4', 'video/mp4'))
    const position = within(form).getByRole('textbox', { name: 'Frame at (seconds)' })
    await waitFor(() => expect(position).toBeEnabled())
    expect(within(form).getByText('From 0 to 12')).toBeInTheDocument()
    await user.clear(position)
    await user.type(position, '7')
    await user.click(within(form).getByRole('button', { name: 'Use a frame from the video' }))
    expect(await within(form).findByRole('img', { name: 'Thumbnail preview: the frame at 7 s' })).toBeInTheDocument()
    expect(seeks).toEqual([7])
    expect(drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 0, 0, 640, 360)
    // Every object URL made for the video is let go again.
    const videoUrls = createObjectURL.mock.results.map((r) => r.value as string).filter((url) => url !== `blob:test/${frameBytes.length}`)
    expect(videoUrls.length).toBeGreaterThan(0)
    for (const url of videoUrls) expect(revokeObjectURL).toHaveBeenCalledWith(url)

    await user.click(within(form).getByRole('button', { name: 'Upload video' }))
    expect(await toast('Uploaded successfully')).toBeInTheDocument()
    const part = sent.split(/\r\n--/).find((p) => p.includes('name="thumbnail"')) ?? ''
    expect(part).toContain('filename="intro-frame.png"')
    expect(part).toMatch(/Content-Type: image\/png/i)
    expect(part.endsWith(new TextDecoder('latin1').decode(frameBytes))).toBe(true)
    const list = await within(card).findByRole('list', { name: 'Videos' })
    expect(within(list).getByRole('img', { name: 'Thumbnail of intro' })).toBeInTheDocument()
  })

  it("shows 'Upload failed' with the server's reason (a PNG sent as the video)", async () => {
    const { skill } = await seed()
    const { user, card } = await openPage(skill.id)
    const form = within(card).getByRole('form', { name: /^Upload a video/ })
    const [videoInput, thumbInput] = fileInputs(form)
    await user.upload(videoInput!, fileOf(bytes.png(), 'sneaky.mp4', 'video/mp4'))
    await user.upload(thumbInput!, fileOf(bytes.png(), 'thumb.png', 'image/png'))
    await user.click(within(form).getByRole('button', { name: 'Upload video' }))
    expect(await toast('Upload failed')).toBeInTheDocument()
    expect(await toastDescription(/video must be a video \(MP4, WebM or QuickTime\)/)).toBeInTheDocument()
    expect(within(card).getByText('No videos uploaded yet.')).toBeInTheDocument()
  })

  it('Cancel aborts the upload in flight', async () => {
    const { skill } = await seed()
    let aborted = false
    mswServer.use(
      http.post(
        '*/api/videos/upload/:id',
        ({ request }) =>
          new Promise<Response>((resolve) => {
            request.signal.addEventListener('abort', () => {
              aborted = true
              resolve(HttpResponse.error())
            })
          }),
      ),
    )
    const { user, card } = await openPage(skill.id)
    const form = within(card).getByRole('form', { name: /^Upload a video/ })
    const [videoInput, thumbInput] = fileInputs(form)
    await user.upload(videoInput!, fileOf(bytes.mp4(), 'intro.mp4', 'video/mp4'))
    await user.upload(thumbInput!, fileOf(bytes.png(), 'intro.png', 'image/png'))
    await user.click(within(form).getByRole('button', { name: 'Upload video' }))
    expect(within(form).getByRole('progressbar', { name: 'Video upload progress' })).toHaveAttribute('aria-valuenow', '0')
    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(await toast('Upload cancelled')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Upload video' })).toBeInTheDocument()
    await waitFor(() => expect(aborted).toBe(true))
    expect(screen.queryByText('Upload failed')).not.toBeInTheDocument()
  })

  it('plays a video in a modal and deletes one after confirming', async () => {
    const { skill, subTopics, token } = await seed()
    const video = await uploadVideo(token, subTopics.adding.id, 'Common denominators')
    const { user, card } = await openPage(skill.id)
    const play = within(card).getByRole('button', { name: 'Play Common denominators' })
    await user.click(play)
    const dialog = await screen.findByRole('dialog', { name: 'Common denominators' })
    const player = within(dialog).getByLabelText('Video: Common denominators')
    expect(player.tagName).toBe('VIDEO')
    expect(player).toHaveAttribute('src', video.url)
    expect(player).toHaveAttribute('controls')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await user.click(within(card).getByRole('button', { name: 'Delete video Common denominators' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete video' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await toast('Video deleted')).toBeInTheDocument()
    expect(await within(card).findByText('No videos uploaded yet.')).toBeInTheDocument()
  })
})

describe('PDF upload and study materials', () => {
  it("asks for a file ('Please select a PDF file') and a name ('Please enter a name'), then uploads and lists it", async () => {
    const { skill } = await seed()
    const { user, card } = await openPage(skill.id)
    await user.click(within(card).getByRole('tab', { name: /Study materials/ }))
    const form = within(card).getByRole('form', { name: /^Upload a PDF/ })
    await user.click(within(form).getByRole('button', { name: 'Upload PDF' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please select a PDF file')
    await user.upload(fileInputs(form)[0]!, fileOf(bytes.pdf(), 'week_1-notes.pdf', 'application/pdf'))
    const name = within(form).getByRole('textbox', { name: 'Name' })
    expect(name).toHaveValue('week 1 notes')
    await user.clear(name)
    await user.click(within(form).getByRole('button', { name: 'Upload PDF' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter a name')
    await user.type(name, 'Worksheet')
    await user.click(within(form).getByRole('button', { name: 'Upload PDF' }))
    expect(await toast('PDF uploaded successfully')).toBeInTheDocument()
    const list = await within(card).findByRole('list', { name: 'Study materials' })
    expect(within(list).getByText('Worksheet')).toBeInTheDocument()
    expect(within(list).getByText('v1')).toBeInTheDocument()
    expect(within(list).getByText('latest')).toBeInTheDocument()
    expect(within(list).getByRole('link', { name: 'Open PDF Worksheet version 1' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/files\//),
    )
  })

  it('lets the Name follow each new file, even after a rejected one, until the admin edits it', async () => {
    const { skill } = await seed()
    const { user, card } = await openPage(skill.id)
    await user.click(within(card).getByRole('tab', { name: /Study materials/ }))
    const form = within(card).getByRole('form', { name: /^Upload a PDF/ })
    const name = within(form).getByRole('textbox', { name: 'Name' })
    // The picker's accept filter would drop the PNG; a user who picks 'All files' gets past it.
    await userEvent.setup({ applyAccept: false }).upload(fileInputs(form)[0]!, fileOf(bytes.png(), 'thumb.png', 'image/png'))
    expect(await within(form).findByText('Choose a PDF file')).toBeInTheDocument()
    await user.upload(fileInputs(form)[0]!, fileOf(bytes.pdf(), 'week1 notes.pdf', 'application/pdf'))
    expect(name).toHaveValue('week1 notes')
    await user.upload(fileInputs(form)[0]!, fileOf(bytes.pdf(), 'week2 notes.pdf', 'application/pdf'))
    expect(name).toHaveValue('week2 notes')
    await user.clear(name)
    await user.type(name, 'Worksheet')
    await user.upload(fileInputs(form)[0]!, fileOf(bytes.pdf(), 'week3 notes.pdf', 'application/pdf'))
    expect(name).toHaveValue('Worksheet')
  })

  it("shows 'PDF upload failed' with the server's reason", async () => {
    const { skill } = await seed()
    mswServer.use(
      http.post('*/api/study-materials/upload', () =>
        HttpResponse.json({ success: false, status: 413, message: 'pdf is larger than the 50 MB limit' }, { status: 413 }),
      ),
    )
    const { user, card } = await openPage(skill.id)
    await user.click(within(card).getByRole('tab', { name: /Study materials/ }))
    const form = within(card).getByRole('form', { name: /^Upload a PDF/ })
    await user.upload(fileInputs(form)[0]!, fileOf(bytes.pdf(), 'big.pdf', 'application/pdf'))
    await user.click(within(form).getByRole('button', { name: 'Upload PDF' }))
    expect(await toast('PDF upload failed')).toBeInTheDocument()
    expect(await toastDescription('pdf is larger than the 50 MB limit')).toBeInTheDocument()
  })

  it('shows versions, and downloads the latest ones as a zip named after the sub-topic', async () => {
    const { skill, subTopics, token } = await seed()
    await addMaterial(token, subTopics.adding.id, 'Worksheet')
    await addMaterial(token, subTopics.adding.id, 'Worksheet')
    await addMaterial(token, subTopics.adding.id, 'Answers')
    const saved = captureDownloads()
    const { user, card } = await openPage(skill.id)
    await user.click(within(card).getByRole('tab', { name: /Study materials/ }))
    const list = within(card).getByRole('list', { name: 'Study materials' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Answersv1latest/),
      expect.stringMatching(/^Worksheetv2latest/),
      expect.stringMatching(/^Worksheetv1Added/),
    ])
    await user.click(within(card).getByRole('button', { name: 'Download all study materials of Adding fractions as a zip' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]!.name).toBe('Adding fractions.zip')
    const JSZip = (await import('jszip')).default
    const zip = await JSZip.loadAsync(await saved[0]!.blob.arrayBuffer())
    expect(Object.keys(zip.files).sort()).toEqual(['Answers.pdf', 'Worksheet.pdf'])
  })

  it("shows 'Failed to download study materials' with the reason when the zip fails", async () => {
    const { skill, subTopics, token } = await seed()
    await addMaterial(token, subTopics.adding.id, 'Worksheet')
    mswServer.use(
      http.get('*/api/study-materials/download-all/:id', () =>
        HttpResponse.json({ success: false, status: 404, message: 'This sub-topic has no study materials to download' }, { status: 404 }),
      ),
    )
    const saved = captureDownloads()
    const { user, card } = await openPage(skill.id)
    await user.click(within(card).getByRole('tab', { name: /Study materials/ }))
    await user.click(within(card).getByRole('button', { name: /Download all study materials/ }))
    expect(await toast('Failed to download study materials')).toBeInTheDocument()
    expect(await toastDescription('This sub-topic has no study materials to download')).toBeInTheDocument()
    expect(saved).toHaveLength(0)
  })
})

describe('MCQ spreadsheets', () => {
  const header = TEMPLATE_HEADERS.plain

  it("asks for a file ('Please select an Excel file') and accepts only .xlsx", async () => {
    const { skill } = await seed()
    const { user, card } = await openPage(skill.id)
    await user.click(within(card).getByRole('tab', { name: 'Questions' }))
    const form = within(card).getByRole('form', { name: /^Upload MCQs(:|$)/ })
    await user.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please select an Excel file')
    expect(fileInputs(form)[0]).toHaveAttribute('accept', expect.stringContaining('.xlsx'))
    fireEvent.change(fileInputs(form)[0]!, { target: { files: [fileOf(new Uint8Array([1, 2, 3]), 'questions.csv', 'text/csv')] } })
    expect(await within(form).findByText('Only .xlsx files are accepted')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Upload' })).toBeDisabled()
  })

  it('previews the rows and every row that will be skipped with its reason, then uploads and shows the result', async () => {
    const { skill, subTopics, token } = await seed()
    await addMcqs(token, subTopics.adding.id, [{ question: 'Stored question', options: { A: 'x', B: 'y' }, correct: 'A' }])
    const sheet = await workbook([
      header,
      ['What is 1/2 + 1/4?', 'B', '1/4', '3/4', '2/6', ''],
      ['No answer here', '', 'x', 'y'],
      ['Lonely option', 'A', 'only'],
      [null],
      ['Names a missing option', 'C', 'a', 'b'],
      ['what is 1/2   + 1/4?', 'B', 'p', 'q'],
      ['Which equal 1/2?', 'a c', '2/4', '1/3', 3, '4/6'],
      ['STORED question', 'A', 'x', 'y'],
    ])
    const { user, card } = await openPage(skill.id)
    await user.click(within(card).getByRole('tab', { name: 'Questions' }))
    const form = within(card).getByRole('form', { name: /^Upload MCQs(:|$)/ })
    await user.upload(fileInputs(form)[0]!, sheet)
    const preview = await within(form).findByRole('region', { name: 'Preview' })
    expect(within(preview).getByText('Rows: 7')).toBeInTheDocument()
    expect(within(preview).getByText('To upload: 2')).toBeInTheDocument()
    expect(within(preview).getByText('To skip: 5')).toBeInTheDocument()
    const skips = within(within(preview).getByRole('list', { name: 'Rows that will be skipped' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(skips).toEqual([
      'Row 3: Missing question or correct option(s)',
      'Row 4: Less than 2 options provided',
      'Row 6: Correct option C does not name an option',
      'Row 7: Duplicate question',
      'Row 9: Duplicate question',
    ])
    // The preview is the server's dry run: nothing is stored until Upload.
    const storedQuestions = async () =>
      (
        await testContext().request<{ question: string }[]>('GET', `/api/mcqs/getBySubTopics?subTopicIds=${subTopics.adding.id}`, { token })
      ).body.data!.map((m) => m.question)
    expect(await storedQuestions()).toEqual(['Stored question'])

    await user.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(await toast('MCQs uploaded successfully')).toBeInTheDocument()
    const result = await within(form).findByRole('region', { name: 'Upload result' })
    expect(within(result).getByText('Uploaded: 2')).toBeInTheDocument()
    expect(within(result).getByText('Skipped: 5')).toBeInTheDocument()
    expect(
      within(within(result).getByRole('list', { name: 'Skipped rows' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(skips)
    expect(within(form).queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument()
    expect(await storedQuestions()).toEqual(['Stored question', 'What is 1/2 + 1/4?', 'Which equal 1/2?'])
  })

  it('refuses a sheet with the wrong columns before importing it: the dry run says why and nothing is stored', async () => {
    const { skill, subTopics, token } = await seed()
    const { user, card } = await openPage(skill.id)
    await user.click(within(card).getByRole('tab', { name: 'Questions' }))
    const form = within(card).getByRole('form', { name: /^Upload MCQs(:|$)/ })
    await user.upload(
      fileInputs(form)[0]!,
      await workbook([
        ['Q', 'Answer'],
        ['What?', 'A'],
      ]),
    )
    const refusal = await within(form).findByRole('alert')
    expect(refusal).toHaveTextContent('This file cannot be imported')
    expect(refusal).toHaveTextContent(/The first row must hold the columns: Question \| CorrectOptions/)
    expect(within(form).getByRole('button', { name: 'Upload' })).toBeDisabled()
    const stored = await testContext().request<unknown[]>('GET', `/api/mcqs/getBySubTopics?subTopicIds=${subTopics.adding.id}`, { token })
    expect(stored.body.data).toEqual([])
  })

  it("keeps Upload disabled when the preview has nothing to upload ('To upload: 0')", async () => {
    const { skill } = await seed()
    const { user } = await openPage(skill.id)
    const form = screen.getByRole('form', { name: 'Upload MCQs with SubTopic ID' })
    await user.upload(fileInputs(form)[0]!, await workbook([TEMPLATE_HEADERS.withSubTopic, [999999, 'Unknown sub-topic', 'A', 'x', 'y']]))
    const preview = await within(form).findByRole('region', { name: 'Preview' })
    expect(within(preview).getByText('To upload: 0')).toBeInTheDocument()
    expect(within(form).getByRole('button', { name: 'Upload' })).toBeDisabled()
  })

  it("shows 'MCQ upload failed' with the server's reason", async () => {
    const { skill } = await seed()
    // The import fails; its dry run (the preview) still reaches the server.
    mswServer.use(
      http.post('*/api/mcqs/uploadExcel', ({ request }) =>
        new URL(request.url).searchParams.get('dryRun') === 'true'
          ? undefined
          : HttpResponse.json({ success: false, status: 400, message: 'The file is not a valid .xlsx spreadsheet' }, { status: 400 }),
      ),
    )
    const { user, card } = await openPage(skill.id)
    await user.click(within(card).getByRole('tab', { name: 'Questions' }))
    const form = within(card).getByRole('form', { name: /^Upload MCQs(:|$)/ })
    await user.upload(fileInputs(form)[0]!, await workbook([header, ['Q1', 'A', 'x', 'y']]))
    await within(form).findByRole('region', { name: 'Preview' })
    await user.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(await toast('MCQ upload failed')).toBeInTheDocument()
    expect(await toastDescription('The file is not a valid .xlsx spreadsheet')).toBeInTheDocument()
  })

  it("bulk: 'Please select a file', then a preview with unknown and invalid SubTopic IDs, and the result", async () => {
    const { skill, subTopics } = await seed()
    const { user } = await openPage(skill.id)
    const form = screen.getByRole('form', { name: 'Upload MCQs with SubTopic ID' })
    await user.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please select a file')
    const sheet = await workbook([
      TEMPLATE_HEADERS.withSubTopic,
      [subTopics.adding.id, 'Bulk one', 'A', 'x', 'y'],
      ['abc', 'Bad id', 'A', 'x', 'y'],
      [999999, 'Unknown sub-topic', 'A', 'x', 'y'],
      [subTopics.placeValue.id, 'Bulk two', 'B', 'x', 'y'],
    ])
    await user.upload(fileInputs(form)[0]!, sheet)
    const preview = await within(form).findByRole('region', { name: 'Preview' })
    expect(within(preview).getByText('Rows: 4')).toBeInTheDocument()
    expect(within(preview).getByText('To upload: 2')).toBeInTheDocument()
    expect(within(preview).getByText('Row 3: Invalid SubTopic ID')).toBeInTheDocument()
    expect(within(preview).getByText('Row 4: SubTopic ID not found: 999999')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Upload' }))
    expect(await toast('MCQs uploaded successfully')).toBeInTheDocument()
    const result = await within(form).findByRole('region', { name: 'Upload result' })
    expect(within(result).getByText('Uploaded: 2')).toBeInTheDocument()
    expect(within(result).getByText('Skipped: 2')).toBeInTheDocument()
    expect(within(result).getByText('Row 3: Invalid SubTopic ID')).toBeInTheDocument()
    expect(within(result).getByText('Row 4: SubTopic ID not found: 999999')).toBeInTheDocument()
  })
})

describe('templates', () => {
  it('downloads both templates as .xlsx files', async () => {
    const { skill } = await seed()
    const saved = captureDownloads()
    const { user } = await openPage(skill.id)
    await user.click(screen.getByRole('button', { name: 'Download Template' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Download Template with SubTopic ID' }))
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(saved.map((s) => s.name)).toEqual(['mcq-template.xlsx', 'mcq-template-with-subtopic.xlsx'])
    // Both buttons settle (their loading state ends) before the test does.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Download Template with SubTopic ID' })).not.toHaveAttribute('data-loading'),
    )
    const ExcelJS = (await import('exceljs')).default
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(await saved[1]!.blob.arrayBuffer())
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe('SubTopicId')
  })

  it("shows 'Failed to download template.' and 'Failed to download subtopic template.' as alerts", async () => {
    const { skill } = await seed()
    mswServer.use(
      http.get('*/api/mcqs/download-template', () => HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })),
      http.get('*/api/mcqs/download-template-with-subtopic', () => HttpResponse.json({ success: false, message: 'boom' }, { status: 500 })),
    )
    const saved = captureDownloads()
    const { user } = await openPage(skill.id)
    await user.click(screen.getByRole('button', { name: 'Download Template' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to download template.')
    await user.click(screen.getByRole('button', { name: 'Download Template with SubTopic ID' }))
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to download subtopic template.'))
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(saved).toHaveLength(0)
  })
})
