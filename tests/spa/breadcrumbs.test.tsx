import { act, screen, waitFor, within } from '@testing-library/react'
import { renderApp, signInAs } from '../support/render.tsx'
import { seedSkill } from '../support/media.ts'

const crumbs = () => within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
const manageContent = () => within(screen.getByRole('navigation', { name: 'Sidebar' })).getByRole('button', { name: 'Manage Content' })

describe('breadcrumbs and the Manage Content group', () => {
  it('Upload Content shows Upload Content › package › skill, each a link but the current page', async () => {
    const { token } = await signInAs('admin')
    const seeded = await seedSkill(token)
    renderApp(`/skill/${seeded.skill.id}/topics`)
    await screen.findByRole('region', { name: 'Adding fractions' })
    expect(crumbs().getByRole('link', { name: 'Upload Content' })).toHaveAttribute('href', '/package')
    expect(crumbs().getByRole('link', { name: 'Numbers' })).toHaveAttribute('href', `/package/${seeded.packageId}`)
    expect(crumbs().getByText('Fractions skill')).toHaveAttribute('aria-current', 'page')
    expect(
      crumbs()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Upload Content', 'Numbers', 'Fractions skill'])
    expect(manageContent()).toHaveAttribute('aria-expanded', 'true')
  }, 30_000)

  it('the topic editor shows Upload Content › package › skill › Topics and sub-topics, the skill linking to its uploads', async () => {
    const { token } = await signInAs('admin')
    const seeded = await seedSkill(token)
    renderApp(`/topic/add/${seeded.skill.id}`)
    await screen.findByRole('heading', { level: 1, name: 'Fractions skill' })
    expect(
      crumbs()
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Upload Content', 'Numbers', 'Fractions skill', 'Topics and sub-topics'])
    expect(crumbs().getByRole('link', { name: 'Fractions skill' })).toHaveAttribute('href', `/skill/${seeded.skill.id}/topics`)
    expect(crumbs().getByText('Topics and sub-topics')).toHaveAttribute('aria-current', 'page')
    expect(manageContent()).toHaveAttribute('aria-expanded', 'true')
  })

  it('Manage Content opens when an admin arrives on one of its pages by any link, and stays open there', async () => {
    const { token } = await signInAs('admin')
    const seeded = await seedSkill(token)
    const { router, user } = renderApp('/dashboard')
    await screen.findByRole('heading', { name: 'Admin dashboard' })
    expect(manageContent()).toHaveAttribute('aria-expanded', 'false')
    await act(() => router.navigate({ to: `/skill/${seeded.skill.id}/topics` }))
    await screen.findByRole('region', { name: 'Adding fractions' })
    await waitFor(() => expect(manageContent()).toHaveAttribute('aria-expanded', 'true'))
    // Clicking the group on one of its pages does not hide the way back.
    await user.click(manageContent())
    expect(manageContent()).toHaveAttribute('aria-expanded', 'true')
  })
})
