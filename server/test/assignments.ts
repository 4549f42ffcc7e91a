import { randomBytes } from 'node:crypto'
import type { User } from '../../contract/auth.ts'
import type { DueSettingsInput } from '../../contract/assignments.ts'
import type { GroupDetail, GroupSummary } from '../../contract/groups.ts'
import { storedFiles, videos } from '../db/schema.ts'
import { insertTree } from './content.ts'
import type { TestContext } from './harness.ts'

/** Seconds in a test video: less than a new learner's watching budget, so one heartbeat completes it. */
export const VIDEO_SECONDS = 4
const DAY = 86_400_000

/**
 * Test helpers for groups and assignments: an admin, packages of one sub-topic holding one short video (so one
 * heartbeat completes a package), and the calls the tests make, through the API.
 */
export function assignmentApi(ctx: TestContext) {
  let admin = ''
  let adminId = 0
  const as = (token?: string) => token ?? admin

  return {
    async signInAdmin() {
      const created = await ctx.createUser({ role: 'admin' })
      adminId = created.user.id
      admin = created.token
      return admin
    },
    /** A fresh learner token at the app's clock (tokens live 12 h, and tests move the clock by days). */
    learnerToken: (userId: number) => ctx.deps.tokens.sign({ userId, role: 'USER' }),
    /** A package with one sub-topic and one video of VIDEO_SECONDS. */
    async packageWithVideo(label: string) {
      const tree = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label })
      const key = () => `test/${randomBytes(6).toString('hex')}`
      const [file, thumbnail] = await ctx.deps.db
        .insert(storedFiles)
        .values([
          { key: key(), contentType: 'video/mp4', size: 1, originalName: 'clip.mp4' },
          { key: key(), contentType: 'image/png', size: 1, originalName: 'thumb.png' },
        ])
        .returning({ key: storedFiles.key })
      const [video] = await ctx.deps.db
        .insert(videos)
        .values({
          subTopicId: tree.subTopicIds[0]!,
          title: `${label} lesson`,
          durationSeconds: VIDEO_SECONDS,
          fileKey: file!.key,
          thumbnailKey: thumbnail!.key,
        })
        .returning({ id: videos.id })
      return { packageId: tree.packageId, title: `${label} package`, videoId: video!.id }
    },
    createGroup: async (name: string) =>
      (await ctx.request<GroupSummary>('POST', '/api/groups', { token: admin, body: { name } })).body.data!,
    addMembers: (groupId: number, userIds: number[]) =>
      ctx.request<GroupDetail>('POST', `/api/groups/${groupId}/members`, { token: admin, body: { userIds } }),
    removeMember: (groupId: number, userId: number) =>
      ctx.request<GroupDetail>('DELETE', `/api/groups/${groupId}/members/${userId}`, { token: admin }),
    giveGroup: (groupId: number, packageId: number, body: DueSettingsInput = {}) =>
      ctx.request<GroupDetail>('PUT', `/api/groups/${groupId}/packages/${packageId}`, { token: admin, body }),
    takeFromGroup: (groupId: number, packageId: number) =>
      ctx.request<GroupDetail>('DELETE', `/api/groups/${groupId}/packages/${packageId}`, { token: admin }),
    deleteGroup: (groupId: number) => ctx.request('DELETE', `/api/groups/${groupId}`, { token: admin }),
    assignDirectly: (userId: number, packageIds: number[]) =>
      ctx.request<User>('PUT', `/api/user/${userId}/assign-packages`, { token: admin, body: { packageIds } }),
    setDirect: (userId: number, packageId: number, body: DueSettingsInput = {}) =>
      ctx.request<User>('PUT', `/api/user/${userId}/packages/${packageId}`, { token: admin, body }),
    unassign: (userId: number, packageId: number) =>
      ctx.request<User>('DELETE', `/api/user/${userId}/packages/${packageId}`, { token: admin }),
    /** A user's packages as the admin's user detail reads them. */
    async packagesOf(userId: number, token?: string) {
      const res = await ctx.request<User>('GET', `/api/user/getUserById?id=${userId}`, { token: as(token) })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.data!.packages
    },
    /** Watches the whole video in one heartbeat, as the learner. */
    async watch(videoId: number, token: string) {
      const res = await ctx.request('PUT', `/api/progress/videos/${videoId}`, {
        token,
        body: { position: VIDEO_SECONDS, watched: [[0, VIDEO_SECONDS]] },
      })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    },
    /** Moves the app's clock on by whole days, and signs the admin in again. */
    async laterBy(days: number) {
      ctx.now = new Date(ctx.now.getTime() + days * DAY)
      admin = await ctx.deps.tokens.sign({ userId: adminId, role: 'admin' })
    },
    /** `days` from the app's clock, as an ISO date-time. */
    inDays: (days: number) => new Date(ctx.now.getTime() + days * DAY).toISOString(),
  }
}
