import { z } from 'zod'

/** '5' | 5 | '5.5' → '5.00' | '5.50': a decimal with exactly two places, by string handling (no float rounding). */
export function toMoneyString(value: string | number): string {
  const [whole = '0', fraction = ''] = String(value).split('.')
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`
}

/** Exact money: a number or a decimal string, at most 2 decimals, never negative; sent back as a string like "19.90". */
export const money = z
  .union([z.number(), z.string()], { error: 'Price is required' })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
    const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text)
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'Price must be a non-negative amount with at most 2 decimals' })
      return z.NEVER
    }
    return toMoneyString(`${Number(match[1])}.${match[2] ?? ''}`)
  })

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    // PostgreSQL text cannot hold NUL; without this check such a value is a 500 instead of a 400.
    .refine((value) => !value.includes('\u0000'), `${field} must not contain NUL characters`)

/** A database id: a positive whole number that fits PostgreSQL's integer (a larger one would be a 500, not a 400). */
export const id = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive id')
  .max(2_147_483_647, 'must be a valid id')
export const idParam = z.object({ id })

export const skillInput = z.object({
  id: id.optional(),
  title: text('Title', 200),
  description: text('Description', 5000),
  price: money,
})

export const packageInput = z.object({
  title: text('Title', 200),
  description: text('Description', 5000),
  price: money,
  skills: z.array(skillInput, { error: 'Skills are required' }).min(1, 'Add at least one skill').max(200, 'At most 200 skills'),
})
export type PackageInput = z.input<typeof packageInput>

export const subTopicInput = z.object({
  id: id.optional(),
  title: text('Title', 200),
  description: text('Description', 5000),
})

export const topicInput = z.object({
  skillId: id,
  title: text('Title', 200),
  description: text('Description', 5000),
  subTopics: z.array(subTopicInput.omit({ id: true })).max(500).default([]),
})

export const topicUpdate = z.object({
  title: text('Title', 200).optional(),
  description: text('Description', 5000).optional(),
  skillId: id.optional(),
})

export const subTopicCreate = z.object({ topicId: id, title: text('Title', 200), description: text('Description', 5000) })
export const subTopicUpdate = z.object({
  title: text('Title', 200).optional(),
  description: text('Description', 5000).optional(),
  topicId: id.optional(),
})

/** 'Save All' of the topic editor: everything the admin changed under one skill, applied in one transaction. */
export const saveTopicsInput = z.object({
  topics: z
    .array(
      z.object({
        id: id.optional(),
        title: text('Title', 200),
        description: text('Description', 5000),
        subTopics: z.array(subTopicInput).max(500).default([]),
      }),
    )
    .max(500),
  deletedTopicIds: z.array(id).max(1000).default([]),
  deletedSubTopicIds: z.array(id).max(5000).default([]),
})
export type SaveTopicsInput = z.input<typeof saveTopicsInput>

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0, 'page must be 0 or more').default(0),
  size: z.coerce.number({ error: 'size must be a number' }).int().min(1, 'size must be at least 1').max(100, 'size must be at most 100').default(20),
})
export const filteredPageQuery = pageQuery.extend({ title: z.string().trim().max(200).default('') })

/**
 * A query parameter that may repeat (`?ids=1&ids=2`). The validator hands over one value as a string and
 * several as an array; this makes both (and none) an array before the list schema checks it.
 */
export const repeatedQuery = <Schema extends z.ZodType>(list: Schema) =>
  z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), list)

/** `?subTopicIds=1&subTopicIds=2`: the sub-topics a test or a screen covers. */
export const subTopicIdsQuery = z.object({
  subTopicIds: repeatedQuery(z.array(id).min(1, 'subTopicIds is required').max(500, 'At most 500 subTopicIds')),
})

export interface Video {
  id: number
  subTopicId: number
  title: string
  url: string
  thumbnailUrl: string
  noOfViews: number
  createdAt: string
}

export interface StudyMaterial {
  id: number
  subTopicId: number
  name: string
  version: number
  isLatest: boolean
  pdfUrl: string
  createdAt: string
}

export interface SubTopic {
  id: number
  topicId: number
  title: string
  description: string
  createdAt: string
  videos: Video[]
  studyMaterials: StudyMaterial[]
}

export interface Topic {
  id: number
  skillId: number
  title: string
  description: string
  createdAt: string
  subTopics: SubTopic[]
}

export interface Skill {
  id: number
  packageId: number
  title: string
  description: string
  price: string
  createdAt: string
  topics: Topic[]
}

/** A skill with its package's title and its topics (the editor and Upload Content pages). */
export interface SkillWithTopics extends Skill {
  packageTitle: string
}

export interface Package {
  id: number
  title: string
  description: string
  price: string
  createdAt: string
  skills: Skill[]
}

/** A topic together with its skill's title (topic lists show it). */
export interface TopicWithSkill extends Topic {
  skillTitle: string
}
