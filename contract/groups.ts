import { z } from 'zod'
import { id } from './content.ts'
import { text } from './text.ts'

export const GROUP_NAME_MAX = 100
export const GROUP_DESCRIPTION_MAX = 1000

const groupName = text('Name', { max: GROUP_NAME_MAX, required: 'Name is required', example: 'Night shift nurses' })
const groupDescription = text('Description', { max: GROUP_DESCRIPTION_MAX, multiline: true, example: 'Ward 4 and 5, from January' })

export const createGroupInput = z.object({ name: groupName, description: groupDescription.optional() })
export type CreateGroupInput = z.input<typeof createGroupInput>

export const updateGroupInput = z
  .object({ name: groupName.optional(), description: groupDescription.optional() })
  .refine((value) => value.name !== undefined || value.description !== undefined, 'Give a name or a description to change')
export type UpdateGroupInput = z.input<typeof updateGroupInput>

export const groupMembersInput = z.object({
  userIds: z
    .array(id, { error: 'userIds must be a list of user ids' })
    .min(1, 'Choose at least one user')
    .max(500, 'At most 500 users at once'),
})
export type GroupMembersInput = z.input<typeof groupMembersInput>

export const groupMemberParam = z.object({ id, userId: id })
export const groupPackageParam = z.object({ id, packageId: id })

export const groupSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    memberCount: z.number().int(),
    packageCount: z.number().int(),
  })
  .meta({ id: 'GroupSummary' })
export type GroupSummary = z.infer<typeof groupSummarySchema>

export const groupPackageSchema = z
  .object({
    packageId: z.number().int(),
    title: z.string(),
    dueAt: z.string().nullable(),
    dueDays: z.number().int().nullable(),
    reminderDays: z.array(z.number().int()),
  })
  .meta({ id: 'GroupPackage' })
export type GroupPackage = z.infer<typeof groupPackageSchema>

export const groupDetailSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    members: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
    packages: z.array(groupPackageSchema),
  })
  .meta({ id: 'GroupDetail' })
export type GroupDetail = z.infer<typeof groupDetailSchema>
