import { screen, within } from '@testing-library/react'
import { eq } from 'drizzle-orm'
import type { Package, SkillWithTopics } from '../../contract/content.ts'
import type { Comment, Review } from '../../contract/learning.ts'
import { packages as packagesTable } from '../../server/db/schema.ts'
import { addMaterial, uploadVideo } from './media.ts'
import { mswServer, testContext } from './server.ts'
import { assignPackages } from './users.ts'

/** Seeding for the learner screens, all through the real API as an admin (and as learners for their reviews and comments). */

export interface TreeSpec {
  title: string
  description?: string
  price?: string
  /** When given, the package's createdAt (the lists sort by it). */
  createdAt?: string
  skills: {
    title: string
    description?: string
    price?: string
    topics?: { title: string; subTopics?: (string | { title: string; videos?: string[]; pdfs?: string[] })[] }[]
  }[]
}

/** Creates the package, its skills' topics and sub-topics, their videos and PDFs; returns the full tree as the admin sees it. */
export async function seedTree(adminToken: string, spec: TreeSpec): Promise<Package> {
  const ctx = testContext()
  const created = await ctx.request<Package>('POST', '/api/packages/createPackage', {
    token: adminToken,
    body: {
      title: spec.title,
      description: spec.description ?? `${spec.title} description`,
      price: spec.price ?? '100.00',
      skills: spec.skills.map((s) => ({
        title: s.title,
        description: s.description ?? `${s.title} description`,
        price: s.price ?? '10.00',
      })),
    },
  })
  if (created.status !== 201) throw new Error(`createPackage: ${created.status} ${JSON.stringify(created.body)}`)
  const pkg = created.body.data!
  for (const [i, skillSpec] of spec.skills.entries()) {
    if (!skillSpec.topics?.length) continue
    const skillId = pkg.skills[i]!.id
    const subTopicSpec = (s: string | { title: string }) => (typeof s === 'string' ? { title: s } : s)
    const saved = await ctx.request<SkillWithTopics>('PUT', `/api/topic/by-skill/${skillId}`, {
      token: adminToken,
      body: {
        topics: skillSpec.topics.map((t) => ({
          title: t.title,
          description: `${t.title} description`,
          subTopics: (t.subTopics ?? []).map((s) => ({
            title: subTopicSpec(s).title,
            description: `${subTopicSpec(s).title} description`,
          })),
        })),
      },
    })
    if (saved.status !== 200) throw new Error(`save topics: ${saved.status} ${JSON.stringify(saved.body)}`)
    for (const [t, topic] of saved.body.data!.topics.entries()) {
      for (const [u, subTopic] of topic.subTopics.entries()) {
        const wanted = skillSpec.topics[t]!.subTopics![u]!
        if (typeof wanted === 'string') continue
        for (const title of wanted.videos ?? []) await uploadVideo(adminToken, subTopic.id, title)
        for (const name of wanted.pdfs ?? []) await addMaterial(adminToken, subTopic.id, name)
      }
    }
  }
  if (spec.createdAt)
    await ctx.deps.db
      .update(packagesTable)
      .set({ createdAt: new Date(spec.createdAt) })
      .where(eq(packagesTable.id, pkg.id))
  return fetchTree(adminToken, pkg.id)
}

export async function fetchTree(token: string, packageId: number): Promise<Package> {
  const res = await testContext().request<Package>('GET', `/api/packages/${packageId}`, { token })
  if (res.status !== 200) throw new Error(`GET package: ${res.status}`)
  return res.body.data!
}

/** A learner (not signed in in the browser) with these packages assigned. */
export async function learnerWith(adminToken: string, name: string, packageIds: number[]) {
  const created = await testContext().createUser({ name })
  if (packageIds.length) await assignPackages(adminToken, created.user.id, packageIds)
  return created
}

export async function postReview(
  token: string,
  targetType: 'PACKAGE' | 'SKILL',
  targetId: number,
  presentationRating: number,
  reviewText = '',
): Promise<Review> {
  const res = await testContext().request<Review>('POST', '/api/reviews', {
    token,
    body: { targetType, targetId, presentationRating, reviewText, rating: 5 },
  })
  if (res.status !== 201 && res.status !== 200) throw new Error(`review: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data!
}

/** Posts a comment; moves the app clock a second on, so comments get distinct, increasing times. */
export async function postComment(token: string, videoId: number, rating: number, comment: string): Promise<Comment> {
  const ctx = testContext()
  ctx.now = new Date(ctx.now.getTime() + 1000)
  const res = await ctx.request<Comment>('POST', '/api/comments', { token, body: { videoId, rating, comment } })
  if (res.status !== 201) throw new Error(`comment: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body.data!
}

/** Records the API requests (method, path and query) while a test runs. */
export function recordApi() {
  const seen: string[] = []
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url)
    seen.push(`${request.method} ${url.pathname}${url.search}`)
  }
  mswServer.events.on('request:start', listener)
  return { seen, stop: () => mswServer.events.removeListener('request:start', listener) }
}

/** The open dialog with this title. */
export const dialog = async (title: string) => screen.findByRole('dialog', { name: title })
export const inDialog = async (title: string) => within(await dialog(title))
