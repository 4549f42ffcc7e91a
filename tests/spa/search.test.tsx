import { screen, within } from '@testing-library/react'
import { renderApp, signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { assignPackages } from '../support/users.ts'

/** 'Frontend Path' (assigned to the learner) with a 'Layout' topic of 'Flexbox' and 'Grid', and 'Secret Path' (not assigned). */
async function seed() {
  const admin = await testContext().createUser({ role: 'admin' })
  const mine = await seedTree(admin.token, {
    title: 'Frontend Path',
    skills: [
      {
        title: 'HTML & CSS',
        topics: [
          { title: 'Foundations', subTopics: ['Elements'] },
          {
            title: 'Layout',
            subTopics: [
              { title: 'Flexbox', videos: ['Flex basics'] },
              { title: 'Grid', videos: ['Grid areas'] },
            ],
          },
        ],
      },
    ],
  })
  await seedTree(admin.token, {
    title: 'Secret Path',
    skills: [{ title: 'Hidden skill', topics: [{ title: 'Hidden topic', subTopics: ['Flexbox internals'] }] }],
  })
  const me = await signInAs('USER', { name: 'Lena Learner' })
  await assignPackages(admin.token, me.user.id, [mine.id])
  return { admin, mine }
}

const explore = () => screen.getByRole('region', { name: 'Explore Learning Packages' })

describe('searching the learning content from the home page', () => {
  it('finds a sub-topic by part of its title, says where it sits, and opens the viewer there', async () => {
    await seed()
    const { user, pathname } = renderApp('/user/my-dashboard')
    await screen.findByRole('heading', { name: 'Explore Learning Packages' })
    await user.type(within(explore()).getByRole('searchbox', { name: 'Search packages' }), 'flexb')

    const results = await screen.findByRole('region', { name: 'Search results' })
    const hit = await within(results).findByRole('link', { name: /Flexbox/ })
    expect(hit).toHaveAccessibleName('Flexbox, sub-topic in Frontend Path › HTML & CSS › Layout')
    expect(within(results).getByText('in Frontend Path › HTML & CSS › Layout')).toBeInTheDocument()
    // Content of a package the learner does not have is never listed.
    expect(within(results).queryByText(/Flexbox internals/)).not.toBeInTheDocument()
    expect(screen.queryByText('No packages found.')).not.toBeInTheDocument()

    await user.click(hit)
    expect(await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })).toBeInTheDocument()
    expect(pathname()).toMatch(/^\/topics\/\d+$/)
    expect(screen.getByRole('group', { name: 'Now playing' })).toHaveTextContent(/^LayoutFlexbox$/)
    expect(document.querySelector('video')).toHaveAttribute('aria-label', 'Video: Flex basics')
  })

  it('opens a video found by its title in the viewer at that video', async () => {
    await seed()
    const { user } = renderApp('/user/my-dashboard')
    await screen.findByRole('heading', { name: 'Explore Learning Packages' })
    await user.type(within(explore()).getByRole('searchbox', { name: 'Search packages' }), 'grid are')
    const results = await screen.findByRole('region', { name: 'Search results' })
    await user.click(await within(results).findByRole('link', { name: 'Grid areas, video in Frontend Path › HTML & CSS › Layout › Grid' }))
    expect(await screen.findByRole('heading', { name: 'Frontend Path', level: 1 })).toBeInTheDocument()
    expect(document.querySelector('video')).toHaveAttribute('aria-label', 'Video: Grid areas')
  })

  it("keeps 'No packages found.' when nothing matches anywhere", async () => {
    await seed()
    const { user } = renderApp('/user/my-dashboard')
    await screen.findByRole('heading', { name: 'Explore Learning Packages' })
    await user.type(within(explore()).getByRole('searchbox', { name: 'Search packages' }), 'zzqx')
    // The empty text waits for the content search's answer.
    expect(await screen.findByText('No packages found.')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Search results' })).not.toBeInTheDocument()
  })
})
