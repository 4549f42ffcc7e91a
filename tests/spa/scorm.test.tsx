import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ScormPackage } from '../../contract/content.ts'
import { brokenPackages, multiScoPackage, singleScoPackage } from '../../server/test/scorm-packages.ts'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { fileOf, multipart, seedSkill } from '../support/media.ts'
import { assignPackages } from '../support/users.ts'
import { captureDownloads } from '../support/downloads.ts'

/** Uploads a package through the real API (the viewer's tests start from a package already there). */
const uploadScorm = (token: string, subTopicId: number, zip: Buffer) =>
  multipart<ScormPackage>(token, `/api/subTopic/${subTopicId}/scorm`, [
    { name: 'file', fileName: 'course.zip', type: 'application/zip', data: new Uint8Array(zip) },
  ])

const zipFile = (zip: Buffer, name = 'course.zip') => fileOf(new Uint8Array(zip), name, 'application/zip')

async function openScormTab(before?: (seeded: Awaited<ReturnType<typeof seedSkill>>) => Promise<unknown>) {
  const { token } = await signInAs('admin')
  const seeded = await seedSkill(token)
  await before?.(seeded)
  const view = renderApp(`/skill/${seeded.skill.id}/topics`)
  const card = await screen.findByRole('region', { name: 'Adding fractions' })
  await view.user.click(within(card).getByRole('tab', { name: /SCORM/ }))
  const form = within(card).getByRole('form', { name: /^Upload a SCORM package/ })
  const input = form.querySelector<HTMLInputElement>('input[type=file]')!
  return { ...view, ...seeded, card, form, input }
}

describe('Upload Content: the SCORM tab', () => {
  it('uploads a package: its title, version and SCOs are shown, and it is listed with a count on the tab', async () => {
    const { user, card, form, input } = await openScormTab()
    expect(within(card).getByText('No SCORM packages yet.')).toBeInTheDocument()
    await user.upload(input, zipFile(singleScoPackage('1.2')))
    await user.click(within(form).getByRole('button', { name: 'Upload SCORM package' }))
    const result = await within(form).findByRole('status')
    expect(result).toHaveTextContent('Safety basics (SCORM 1.2) · SCORM 1.2')
    expect(result).toHaveTextContent('1 SCO:Lesson one (lesson/index.html)')
    const list = await within(card).findByRole('list', { name: 'SCORM packages' })
    expect(list).toHaveTextContent('Safety basics (SCORM 1.2)')
    expect(list).toHaveTextContent('1 SCO: Lesson one')
    expect(within(list).getByText('SCORM 1.2')).toBeInTheDocument()
    await waitFor(() => expect(within(card).getByRole('tab', { name: /SCORM/ })).toHaveTextContent('1'))
  })

  it('shows the server’s refusal in words and lists nothing', async () => {
    const { user, card, form, input } = await openScormTab()
    await user.upload(input, zipFile(brokenPackages.noManifest()))
    await user.click(within(form).getByRole('button', { name: 'Upload SCORM package' }))
    expect(await within(form).findByRole('alert')).toHaveTextContent('The package has no imsmanifest.xml at its root')
    expect(within(card).getByText('No SCORM packages yet.')).toBeInTheDocument()

    await user.upload(input, zipFile(brokenPackages.missingLaunchFile()))
    await user.click(within(form).getByRole('button', { name: 'Upload SCORM package' }))
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent("The launch file 'gone.html' of 'Lesson A' is missing from the package"),
    )
  })

  it("asks for a file first, and refuses a file that is not a .zip before sending: 'Choose a SCORM package (.zip)'", async () => {
    const { user, form, input } = await openScormTab()
    await user.click(within(form).getByRole('button', { name: 'Upload SCORM package' }))
    expect(within(form).getByRole('alert')).toHaveTextContent('Please select a SCORM package (.zip)')
    // The picker's accept attribute filters what the browser's dialog offers; a drop or 'All files' still brings anything.
    fireEvent.change(input, { target: { files: [fileOf(new Uint8Array([1, 2, 3]), 'course.pdf', 'application/pdf')] } })
    expect(await within(form).findByText('Choose a SCORM package (.zip)')).toBeInTheDocument()
  })

  it('deletes a package after asking', async () => {
    const { user, card } = await openScormTab((seeded) => uploadScorm(seeded.token, seeded.subTopics.adding.id, singleScoPackage('2004-4')))
    const list = await within(card).findByRole('list', { name: 'SCORM packages' })
    await user.click(within(list).getByRole('button', { name: 'Delete Safety basics (SCORM 2004)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete SCORM package' })
    expect(dialog).toHaveTextContent("Are you sure you want to delete 'Safety basics (SCORM 2004)'?")
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(card).findByText('No SCORM packages yet.')).toBeInTheDocument()
    expect(within(card).queryByRole('list', { name: 'SCORM packages' })).not.toBeInTheDocument()
  })
})

describe('the viewer: a SCORM package in a sub-topic', () => {
  async function viewerWith(zip: Buffer) {
    const admin = await testContext().createUser({ role: 'admin' })
    const pkg = await seedTree(admin.token, {
      title: 'Compliance Path',
      skills: [{ title: 'Compliance', topics: [{ title: 'Safety', subTopics: ['Bought-in course'] }] }],
    })
    const subTopic = pkg.skills[0]!.topics[0]!.subTopics[0]!
    const scorm = await uploadScorm(admin.token, subTopic.id, zip)
    const me = await signInAs('USER', { name: 'Lena Learner' })
    await assignPackages(admin.token, me.user.id, [pkg.id])
    const view = renderApp(`/topics/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Compliance Path', level: 1 })
    const outline = screen.getByRole('navigation', { name: 'Course content' })
    // The outline's items mount once the header and the player have painted.
    await view.user.click(await within(outline).findByRole('button', { name: /^Bought-in course/ }))
    const entry = await within(outline).findByRole('button', { name: new RegExp(`^${scorm.title.replace(/[()]/g, '\\$&')}`) })
    return { ...view, scorm, entry }
  }

  const frame = () => document.querySelector<HTMLIFrameElement>('iframe')

  it('opens the package in a frame on the content origin with Exit, and Exit closes it', async () => {
    const { user, entry, scorm } = await viewerWith(singleScoPackage('1.2'))
    expect(entry).toHaveAccessibleName(/SCORM 1\.2/)
    await user.click(entry)
    const section = await screen.findByRole('region', { name: scorm.title })
    await waitFor(() => expect(frame()).not.toBeNull())
    expect(frame()!.src).toMatch(/^http:\/\/[^/]+\/scorm\/[^/]+\/launch$/)
    expect(new URL(frame()!.src).origin).not.toBe(window.location.origin)
    expect(frame()).toHaveAttribute('title', `${scorm.title}: Lesson one`)
    expect(within(section).queryByLabelText('Part')).not.toBeInTheDocument()
    expect(entry).toHaveAttribute('aria-current', 'true')
    // The frame takes the player's place.
    expect(screen.getByRole('group', { name: 'Now playing', hidden: true })).not.toBeVisible()
    await user.click(within(section).getByRole('button', { name: 'Exit' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: scorm.title })).not.toBeInTheDocument())
    expect(frame()).toBeNull()
  })

  it('a multi-SCO package offers its parts; choosing one launches that SCO', async () => {
    const { user, entry, scorm } = await viewerWith(multiScoPackage())
    expect(entry).toHaveAccessibleName(/3 parts/)
    await user.click(entry)
    const section = await screen.findByRole('region', { name: scorm.title })
    await waitFor(() => expect(frame()).toHaveAttribute('title', 'Three parts: Part 1'))
    const first = frame()!.src
    await user.click(within(section).getByLabelText('Part', { selector: 'input' }))
    await user.click(await screen.findByRole('option', { name: 'Part 2' }))
    await waitFor(() => expect(frame()).toHaveAttribute('title', 'Three parts: Part 2'))
    await waitFor(() => expect(frame()!.src).not.toBe(first))
  })
})

describe('/reports: SCOs in the learners table', () => {
  /** A learner's commit through the runtime API, as the SCO in the browser would send it. */
  async function play(token: string, packageId: number, scoId: number, elements: Record<string, string>) {
    const ctx = testContext()
    const launched = await ctx.request<{ url: string }>('POST', `/api/scorm/${packageId}/launch`, { token, body: { scoId } })
    const launchToken = new URL(launched.body.data!.url).pathname.split('/')[2]!
    const res = await ctx.request('POST', '/api/scorm/runtime', { token: launchToken, body: elements })
    if (res.status !== 200) throw new Error(`commit: ${res.status} ${JSON.stringify(res.body)}`)
  }

  it("shows each learner's SCOs completed, and each SCO's status and score; the CSV carries them", async () => {
    const ctx = testContext()
    const admin = await ctx.createUser({ role: 'admin' })
    const pkg = await seedTree(admin.token, {
      title: 'Compliance Path',
      skills: [{ title: 'Compliance', topics: [{ title: 'Safety', subTopics: ['Bought-in course'] }] }],
    })
    const scorm = await uploadScorm(admin.token, pkg.skills[0]!.topics[0]!.subTopics[0]!.id, multiScoPackage())
    const ada = await ctx.createUser({ name: 'Ada Lovelace', email: 'ada@example.com' })
    const bob = await ctx.createUser({ name: 'Bob Builder', email: 'bob@example.com' })
    await assignPackages(admin.token, ada.user.id, [pkg.id])
    await assignPackages(admin.token, bob.user.id, [pkg.id])
    const [part1, part2] = scorm.scos
    await play(ada.token, scorm.id, part1!.id, {
      'cmi.completion_status': 'completed',
      'cmi.success_status': 'passed',
      'cmi.score.scaled': '0.85',
    })
    await play(ada.token, scorm.id, part2!.id, {
      'cmi.completion_status': 'incomplete',
      'cmi.success_status': 'failed',
      'cmi.score.scaled': '0.4',
    })

    await signInAs('admin')
    const saved = captureDownloads()
    const { user } = renderApp(`/reports?packageId=${pkg.id}`)
    const table = await screen.findByRole('table', { name: 'Learner progress' })
    await within(table).findByText('Ada Lovelace')
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
    expect(headers).toEqual(['Learner', 'E-mail', 'Progress', 'Sub-topics completed', 'SCOs', 'Last activity'])
    const row = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(name))!
    expect(row('Ada Lovelace')).toHaveTextContent('1 of 3 completed')
    const adaScos = within(within(row('Ada Lovelace')).getByRole('list', { name: 'SCOs of Ada Lovelace' })).getAllByRole('listitem')
    expect(adaScos.map((li) => li.textContent)).toEqual([
      'Part 1Three partsPassed85 %',
      'Part 2Three partsFailed40 %',
      'Part 3Three partsNot attemptedNo score',
    ])
    expect(row('Bob Builder')).toHaveTextContent('0 of 3 completed')
    const bobScos = within(within(row('Bob Builder')).getByRole('list', { name: 'SCOs of Bob Builder' })).getAllByRole('listitem')
    expect(bobScos.map((li) => li.textContent)).toEqual(
      Array.from({ length: 3 }, (_, i) => `Part ${i + 1}Three partsNot attemptedNo score`),
    )

    await user.click(screen.getByRole('button', { name: 'Export progress CSV' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    const [header, ...lines] = (await saved[0]!.blob.text()).trim().split('\r\n')
    expect(header).toContain('"SCO Three parts / Part 1: status","SCO Three parts / Part 1: score (%)"')
    expect(lines.find((l) => l.includes('Ada Lovelace'))).toMatch(/"passed","85","failed","40","not attempted",""$/)
  })

  it('a package without SCOs keeps the table to its video and test columns', async () => {
    const admin = await signInAs('admin')
    const pkg = await seedTree(admin.token, {
      title: 'Plain Path',
      skills: [{ title: 'Basics', topics: [{ title: 'Start', subTopics: [{ title: 'Intro', videos: ['Welcome'] }] }] }],
    })
    const ada = await testContext().createUser({ name: 'Ada Lovelace' })
    await assignPackages(admin.token, ada.user.id, [pkg.id])
    renderApp(`/reports?packageId=${pkg.id}`)
    const table = await screen.findByRole('table', { name: 'Learner progress' })
    await within(table).findByText('Ada Lovelace')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Learner', 'E-mail', 'Progress', 'Sub-topics completed', 'Last activity'])
  })
})
