import { Hono } from 'hono'
import { z } from 'zod'
import { dueSettingsInput } from '../../contract/assignments.ts'
import { idParam } from '../../contract/content.ts'
import {
  createGroupInput,
  groupDetailSchema,
  groupMemberParam,
  groupMembersInput,
  groupPackageParam,
  groupSummarySchema,
  updateGroupInput,
} from '../../contract/groups.ts'
import type { Guards } from '../auth/guards.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import {
  addGroupMembers,
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  removeGroupMember,
  removeGroupPackage,
  setGroupPackage,
  updateGroup,
} from './service.ts'

const tags = ['groups']

/** Groups of learners and the packages assigned through them (admins). Changes answer the group as it is now. */
export function groupRoutes(deps: AppDeps, { requireAdmin }: Guards) {
  const { db, clock } = deps
  return new Hono<AppEnv>()
    .get(
      '/',
      apiDoc({ summary: 'Every group with its member and package counts, by name', tags, response: z.array(groupSummarySchema) }),
      requireAdmin,
      async (c) => ok(c, await listGroups(db), 'Groups'),
    )
    .post(
      '/',
      apiDoc({ summary: 'Create a group (its name unique, in any case)', tags, response: groupSummarySchema, status: 201 }),
      requireAdmin,
      validate('json', createGroupInput),
      async (c) => ok(c, await createGroup(db, c.req.valid('json')), 'Group created', 201),
    )
    .get(
      '/:id',
      apiDoc({ summary: 'A group with its members and its packages’ due settings', tags, response: groupDetailSchema }),
      requireAdmin,
      validate('param', idParam),
      async (c) => ok(c, await getGroup(db, c.req.valid('param').id), 'Group'),
    )
    .patch(
      '/:id',
      apiDoc({ summary: 'Rename a group or change its description', tags, response: groupSummarySchema }),
      requireAdmin,
      validate('param', idParam),
      validate('json', updateGroupInput),
      async (c) => ok(c, await updateGroup(db, c.req.valid('param').id, c.req.valid('json')), 'Group updated'),
    )
    .delete(
      '/:id',
      apiDoc({
        summary: 'Delete a group: its members lose what only this group gave them, and keep their progress',
        tags,
        response: null,
      }),
      requireAdmin,
      validate('param', idParam),
      async (c) => {
        await deleteGroup(db, c.req.valid('param').id, clock())
        return ok(c, null, 'Group deleted')
      },
    )
    .post(
      '/:id/members',
      apiDoc({ summary: 'Add users to a group (members already in it stay); they get its packages', tags, response: groupDetailSchema }),
      requireAdmin,
      validate('param', idParam),
      validate('json', groupMembersInput),
      async (c) => {
        const { id } = c.req.valid('param')
        await db.transaction((tx) => addGroupMembers(tx, id, c.req.valid('json').userIds, clock()))
        return ok(c, await getGroup(db, id), 'Members added')
      },
    )
    .delete(
      '/:id/members/:userId',
      apiDoc({ summary: 'Take a user out of a group: what only this group gave them goes', tags, response: groupDetailSchema }),
      requireAdmin,
      validate('param', groupMemberParam),
      async (c) => {
        const { id, userId } = c.req.valid('param')
        await removeGroupMember(db, id, userId, clock())
        return ok(c, await getGroup(db, id), 'Member removed')
      },
    )
    .put(
      '/:id/packages/:packageId',
      apiDoc({
        summary: 'Assign a package to a group with its due settings, or change them (every member, present or future, gets it)',
        tags,
        response: groupDetailSchema,
      }),
      requireAdmin,
      validate('param', groupPackageParam),
      validate('json', dueSettingsInput),
      async (c) => {
        const { id, packageId } = c.req.valid('param')
        await setGroupPackage(db, id, packageId, c.req.valid('json'), clock())
        return ok(c, await getGroup(db, id), 'Package assigned to the group')
      },
    )
    .delete(
      '/:id/packages/:packageId',
      apiDoc({
        summary: 'Unassign a package from a group: members keep it only directly or through another group',
        tags,
        response: groupDetailSchema,
      }),
      requireAdmin,
      validate('param', groupPackageParam),
      async (c) => {
        const { id, packageId } = c.req.valid('param')
        await removeGroupPackage(db, id, packageId, clock())
        return ok(c, await getGroup(db, id), 'Package unassigned from the group')
      },
    )
}
