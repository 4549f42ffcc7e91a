import { screen, within } from '@testing-library/react'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { fetchTree, seedTree } from '../support/learning.ts'
import { addMaterial } from '../support/media.ts'
import { assignPackages } from '../support/users.ts'

/** 'Safety' → 'Basics' → 'Fire' (one video, two PDFs, the checklist uploaded twice) and 'Exits' (one video, no PDF). */
async function safety() {
  const admin = await testContext().createUser({ role: 'admin' })
  const seeded = await seedTree(admin.token, {
    title: 'Safety',
    skills: [
      {
        title: 'Workplace',
        topics: [
          {
            title: 'Basics',
            subTopics: [
              { title: 'Fire', videos: ['Extinguishers'], pdfs: ['Evacuation plan', 'Fire checklist'] },
              { title: 'Exits', videos: ['Signs'] },
            ],
          },
        ],
      },
    ],
  })
  const fire = seeded.skills[0]!.topics[0]!.subTopics[0]!
  await addMaterial(admin.token, fire.id, 'Fire checklist')
  const me = await signInAs('USER', { name: 'Lena Learner' })
  await assignPackages(admin.token, me.user.id, [seeded.id])
  const tree = await fetchTree(me.token, seeded.id)
  return { pkg: tree, fire: tree.skills[0]!.topics[0]!.subTopics[0]!, exits: tree.skills[0]!.topics[0]!.subTopics[1]! }
}

const outline = () => screen.getByRole('navigation', { name: 'Course content' })
const panel = (title: string) => within(outline()).getByRole('region', { name: new RegExp(`^${title}( |$)`) })

describe('study materials in the package viewer', () => {
  it("lists the open sub-topic's PDFs by name (latest version), each opening in a new tab; 'Download PDF' still gives the zip", async () => {
    const { pkg, fire } = await safety()
    renderApp(`/topics/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Safety', level: 1 })
    await within(outline()).findAllByRole('button')

    const list = await within(panel('Fire')).findByRole('list', { name: 'Study materials of Fire' })
    const links = within(list).getAllByRole('link')
    expect(links.map((a) => a.textContent)).toEqual(['Evacuation plan', 'Fire checklist'].map((n) => `${n} (PDF, opens in a new tab)`))
    const latest = (name: string) => fire.studyMaterials.find((m) => m.name === name && m.isLatest)!
    expect(latest('Fire checklist').version).toBe(2)
    for (const [i, name] of ['Evacuation plan', 'Fire checklist'].entries()) {
      const link = within(list).getByRole('link', { name: `${name} (PDF, opens in a new tab)` })
      expect(link).toBe(links[i])
      expect(link).toHaveAttribute('href', latest(name).pdfUrl)
      expect(link).toHaveAttribute('target', '_blank')
      expect(link.getAttribute('rel')?.split(' ')).toContain('noopener')
    }

    // The link's file is served for the browser's own PDF viewer: a PDF, inline.
    const served = await testContext().app.fetch(new Request(new URL(latest('Fire checklist').pdfUrl, 'http://localhost')))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('application/pdf')
    expect(served.headers.get('content-disposition')).toMatch(/^inline; /)

    expect(within(panel('Fire')).getByRole('button', { name: 'Download PDF' })).toBeEnabled()
  })

  it('lists nothing for a sub-topic without PDFs, whose Download PDF stays disabled', async () => {
    const { pkg } = await safety()
    const { user } = renderApp(`/topics/${pkg.id}`)
    await screen.findByRole('heading', { name: 'Safety', level: 1 })
    await within(outline()).findAllByRole('button')
    await user.click(within(outline()).getByRole('button', { name: /^Exits( |$)/ }))
    expect(within(panel('Exits')).getByRole('button', { name: 'Download PDF' })).toBeDisabled()
    expect(within(panel('Exits')).queryByRole('list', { name: /^Study materials/ })).not.toBeInTheDocument()
    expect(within(panel('Exits')).queryByRole('link', { name: /PDF/ })).not.toBeInTheDocument()
  })
})
