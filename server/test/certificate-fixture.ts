import { eq } from 'drizzle-orm'
import { extractText, getDocumentProxy } from 'unpdf'
import type { CertificateSettings } from '../../contract/certificates.ts'
import { packages, userPackages, videos } from '../db/schema.ts'
import { insertTree } from './content.ts'
import type { TestContext } from './harness.ts'
import { upload, videoParts } from './media.ts'
import { issueCertificateIfEnabled } from '../certificates/issue.ts'

export const PACKAGE_TITLE = 'Fire safety'
export const LEARNER_NAME = 'Ada Lovelace'

/**
 * A one-video package ('Fire safety', a 20 s video) assigned to Ada, plus an admin and a second learner. The video
 * is uploaded once through the real endpoint and its duration set.
 */
export async function certificateFixture(ctx: TestContext) {
  ctx.now = new Date('2026-01-15T09:00:00Z')
  const admin = await ctx.createUser({ role: 'admin' })
  const learner = await ctx.createUser({ name: LEARNER_NAME, email: 'ada@example.com' })
  const other = await ctx.createUser({ name: 'Other Learner' })
  const tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1 })
  await ctx.deps.db.update(packages).set({ title: PACKAGE_TITLE }).where(eq(packages.id, tree.packageId))
  const uploaded = await upload<{ id: number }>(ctx, `/api/videos/upload/${tree.subTopicIds[0]}`, videoParts(), admin.token)
  expect(uploaded.status).toBe(201)
  const videoId = uploaded.body.data!.id
  await ctx.deps.db.update(videos).set({ durationSeconds: 20 }).where(eq(videos.id, videoId))
  await ctx.deps.db.insert(userPackages).values({ userId: learner.user.id, packageId: tree.packageId, assignedAt: ctx.now })
  await ctx.deps.db.insert(userPackages).values({ userId: other.user.id, packageId: tree.packageId, assignedAt: ctx.now })

  const later = (seconds: number) => {
    ctx.now = new Date(ctx.now.getTime() + seconds * 1000)
  }
  return {
    admin,
    learner,
    other,
    packageId: tree.packageId,
    videoId,
    later,
    /** Moves the clock to `when` and signs the three users in again (their tokens last 12 hours). */
    async at(when: string | Date) {
      ctx.now = new Date(when)
      for (const person of [admin, learner, other])
        person.token = await ctx.deps.tokens.sign({ userId: person.user.id, role: person.user.role })
    },
    async settings(settings: Partial<CertificateSettings>) {
      const body = { enabled: true, validityMonths: 12, renewDaysBefore: 30, ...settings }
      const res = await ctx.request('PUT', `/api/packages/${tree.packageId}/certificate-settings`, { token: admin.token, body })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    },
    /** The completion point's call, in a transaction of its own. */
    issue: (userId = learner.user.id) => ctx.deps.db.transaction((tx) => issueCertificateIfEnabled(tx, userId, tree.packageId, ctx.now)),
    /** Plays the whole video as a player does: a heartbeat at the start, then one per 5 s played. */
    async watchAll(token = learner.token) {
      await ctx.request('PUT', `/api/progress/videos/${videoId}`, { token, body: { position: 0, watched: [] } })
      for (let start = 0; start < 20; start += 5) {
        later(5)
        const res = await ctx.request('PUT', `/api/progress/videos/${videoId}`, {
          token,
          body: { position: start + 5, watched: [[start, start + 5]] },
        })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      }
    },
    async percent(token = learner.token) {
      const res = await ctx.request<{ percent: number }>('GET', `/api/progress/packages/${tree.packageId}`, { token })
      expect(res.status).toBe(200)
      return res.body.data!.percent
    },
  }
}

/** The text of a PDF, all pages merged, and its page count, as a PDF text extraction library reads them. */
export async function readPdf(bytes: ArrayBuffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes).slice())
  const { text, totalPages } = await extractText(pdf, { mergePages: true })
  return { text, pages: totalPages }
}

/** The text runs of a PDF's first page with their baseline's height above the page's bottom edge, in points. */
export async function pdfRuns(bytes: ArrayBuffer): Promise<{ text: string; y: number; height: number }[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes).slice())
  const content = await (await pdf.getPage(1)).getTextContent()
  return content.items.flatMap((item) =>
    'str' in item && item.str.trim() ? [{ text: item.str, y: item.transform[5] as number, height: item.height }] : [],
  )
}
