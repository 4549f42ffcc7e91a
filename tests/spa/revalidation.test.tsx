import { QueryClient } from '@tanstack/react-query'
import type { Package } from '../../contract/content.ts'
import type { User } from '../../contract/auth.ts'
import { packageKeys, packageQueryOptions } from '../../src/queries/packages.ts'
import { mswServer } from '../support/server.ts'
import { signInAs, testContext } from '../support/render.tsx'
import { seedTree } from '../support/learning.ts'
import { assignPackages } from '../support/users.ts'

/** Ky and the query cache pass the server's validators through, so an unchanged tree moves no body. */

interface Seen {
  path: string
  status: number
  bytes: number
}

function recordAnswers() {
  const seen: Seen[] = []
  const pending: Promise<void>[] = []
  const listener = ({ request, response }: { request: Request; response: Response }) => {
    pending.push(
      response
        .clone()
        .arrayBuffer()
        .then((body) => void seen.push({ path: new URL(request.url).pathname, status: response.status, bytes: body.byteLength })),
    )
  }
  mswServer.events.on('response:mocked', listener)
  return {
    seen: async () => {
      await Promise.all(pending)
      return seen
    },
    stop: () => mswServer.events.removeListener('response:mocked', listener),
  }
}

async function learnerWithTree() {
  const admin = await testContext().createUser({ role: 'admin' })
  const pkg = await seedTree(admin.token, {
    title: 'Cached Path',
    skills: [
      {
        title: 'Basics',
        topics: [
          { title: 'First steps', subTopics: ['One', 'Two', 'Three'] },
          { title: 'More', subTopics: ['Four'] },
        ],
      },
    ],
  })
  const me = await signInAs('USER', { name: 'Rhea Refetch' })
  await assignPackages(admin.token, me.user.id, [pkg.id])
  return { admin, pkg }
}

describe('revalidation through ky and the query cache', () => {
  it('a refetch of an unchanged tree is a 304 with no body, and the cache keeps the same data', async () => {
    const { pkg } = await learnerWithTree()
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const answers = recordAnswers()
    try {
      const first = await queryClient.query(packageQueryOptions(pkg.id))
      await queryClient.refetchQueries({ queryKey: packageKeys.detail(pkg.id) })
      await queryClient.refetchQueries({ queryKey: packageKeys.detail(pkg.id) })
      const seen = (await answers.seen()).filter((a) => a.path === `/api/packages/${pkg.id}`)
      expect(seen.map((a) => a.status)).toEqual([200, 304, 304])
      expect(seen[0]!.bytes).toBeGreaterThan(100)
      expect(seen[1]!.bytes + seen[2]!.bytes).toBe(0)
      expect(queryClient.getQueryData<Package>(packageKeys.detail(pkg.id))).toEqual(first)
    } finally {
      answers.stop()
    }
  })

  it('a change on the server is fetched whole at the next refetch', async () => {
    const { admin, pkg } = await learnerWithTree()
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const answers = recordAnswers()
    try {
      await queryClient.query(packageQueryOptions(pkg.id))
      const renamed = await testContext().request<Package>('PUT', `/api/packages/${pkg.id}`, {
        token: admin.token,
        body: {
          title: 'Renamed Path',
          description: pkg.description,
          price: pkg.price,
          skills: pkg.skills.map((s) => ({ id: s.id, title: s.title, description: s.description, price: s.price })),
        },
      })
      expect(renamed.status).toBe(200)
      await queryClient.refetchQueries({ queryKey: packageKeys.detail(pkg.id) })
      const seen = (await answers.seen()).filter((a) => a.path === `/api/packages/${pkg.id}` && a.status !== 0)
      expect(seen.map((a) => a.status)).toEqual([200, 200])
      expect(queryClient.getQueryData<Package>(packageKeys.detail(pkg.id))!.title).toBe('Renamed Path')
    } finally {
      answers.stop()
    }
  })

  it("my packages are revalidated too, and another learner's session never gets the kept answer", async () => {
    const { pkg } = await learnerWithTree()
    const { api, unwrap } = await import('../../src/api/client.ts')
    const answers = recordAnswers()
    try {
      const mine = (await unwrap(api.user.getUserByEmail.$get())) as User
      expect((await unwrap(api.user.getUserByEmail.$get())) as User).toEqual(mine)
      expect(mine.packages.map((p) => p.id)).toEqual([pkg.id])
      await signInAs('USER', { name: 'Otto Other' })
      const theirs = (await unwrap(api.user.getUserByEmail.$get())) as User
      expect(theirs.packages).toEqual([])
      expect((await answers.seen()).filter((a) => a.path === '/api/user/getUserByEmail').map((a) => a.status)).toEqual([200, 304, 200])
    } finally {
      answers.stop()
    }
  })
})
