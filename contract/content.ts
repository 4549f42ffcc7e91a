import { z } from 'zod'
import { text } from './text.ts'
import { CAPTION_KINDS } from './rules.ts'

/** '5' | 5 | '5.5' → '5.00' | '5.50': a decimal with exactly two places, by string handling (no float rounding). */
export function toMoneyString(value: string | number): string {
  const [whole = '0', fraction = ''] = String(value).split('.')
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`
}

/** Exact money: a number or a decimal string, at most 2 decimals, never negative; sent back as a string like "19.90". */
export const money = z
  .union([z.number(), z.string()], { error: 'Price is required' })
  .meta({ examples: ['499.00'] })
  .transform((value, ctx) => {
    const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
    const match = /^(\d{1,8})(?:\.(\d{1,2}))?$/.exec(text)
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'Price must be a non-negative amount with at most 2 decimals' })
      return z.NEVER
    }
    return toMoneyString(`${Number(match[1])}.${match[2] ?? ''}`)
  })

/** A required title and a required multi-line description of the content tree. */
const title = text('Title', { max: 200, required: 'Title is required', example: 'Workplace Safety' })
const description = text('Description', {
  max: 5000,
  required: 'Description is required',
  multiline: true,
  example: 'Fire safety, first aid and safe lifting for every new starter.',
})

/** PostgreSQL's largest integer: a larger id would be a 500, not a 400. */
const INT4_MAX = 2_147_483_647
const ID_MESSAGE = 'must be a valid id'
const idNumber = z.int({ error: ID_MESSAGE }).min(1, ID_MESSAGE).max(INT4_MAX, ID_MESSAGE)

/**
 * A database id: the one id schema of every path, query, form and body. Written as text (paths, queries and
 * forms always are) it is decimal digits without sign, spaces or leading zeros, `^[1-9][0-9]*$`, so `0x2`, `+2`,
 * `2e0`, `0b10` and ` 2` are 400s rather than id 2. A JSON body may also send a JSON number. Either way it must
 * be a positive whole number that fits PostgreSQL's integer.
 */
export const id = z.union(
  [
    idNumber,
    z
      .string()
      .regex(/^[1-9][0-9]*$/)
      .transform(Number)
      .pipe(idNumber),
  ],
  { error: ID_MESSAGE },
)
export const idParam = z.object({ id })

/** `name=1,2,3`: one comma-separated query value, read as 1 to 500 ids. */
export const commaSeparatedIds = (name: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z
      .array(id, { error: `${name} must be a comma-separated list of ids` })
      .min(1, `${name} is required`)
      .max(500, `At most 500 ${name}`),
  )

export const skillInput = z.object({
  id: id.optional(),
  title,
  description,
  price: money,
})

export const packageInput = z.object({
  title,
  description,
  price: money,
  skills: z.array(skillInput, { error: 'Skills are required' }).min(1, 'Add at least one skill').max(200, 'At most 200 skills'),
})
export type PackageInput = z.input<typeof packageInput>

export const subTopicInput = z.object({
  id: id.optional(),
  title,
  description,
})

export const topicInput = z.object({
  skillId: id,
  title,
  description,
  subTopics: z
    .array(subTopicInput.omit({ id: true }))
    .max(500)
    .default([]),
})

export const topicUpdate = z.object({
  title: title.optional(),
  description: description.optional(),
  skillId: id.optional(),
})

export const subTopicCreate = z.object({ topicId: id, title, description })
export const subTopicUpdate = z.object({
  title: title.optional(),
  description: description.optional(),
  topicId: id.optional(),
})

/** 'Save All' of the topic editor: everything the admin changed under one skill, applied in one transaction. */
export const saveTopicsInput = z.object({
  topics: z
    .array(
      z.object({
        id: id.optional(),
        title,
        description,
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
  size: z.coerce
    .number({ error: 'size must be a number' })
    .int()
    .min(1, 'size must be at least 1')
    .max(100, 'size must be at most 100')
    .default(20),
})
export const filteredPageQuery = pageQuery.extend({ title: text('title', { max: 200 }).default('') })

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

export const captionKind = z.enum(CAPTION_KINDS, { error: "kind must be 'captions' or 'subtitles'" })

/** A caption or subtitle track of a video: a signed, expiring URL of its WebVTT file. */
export const captionSchema = z
  .object({
    id: z.number().int(),
    language: z.string(),
    label: z.string(),
    kind: captionKind,
    url: z.string(),
  })
  .meta({ id: 'Caption' })
export type Caption = z.infer<typeof captionSchema>

export const videoSchema = z
  .object({
    id: z.number().int(),
    subTopicId: z.number().int(),
    title: z.string(),
    /** Signed, expiring URL of the video file. */
    url: z.string(),
    thumbnailUrl: z.string(),
    noOfViews: z.number().int(),
    /** Read from the file at upload; 0 for an older file whose duration could not be read. */
    durationSeconds: z.number().min(0),
    createdAt: z.string(),
    captions: z.array(captionSchema),
  })
  .meta({ id: 'Video' })
export type Video = z.infer<typeof videoSchema>

export const studyMaterialSchema = z
  .object({
    id: z.number().int(),
    subTopicId: z.number().int(),
    name: z.string(),
    version: z.number().int(),
    isLatest: z.boolean(),
    /** Signed, expiring URL of the PDF. */
    pdfUrl: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'StudyMaterial' })
export type StudyMaterial = z.infer<typeof studyMaterialSchema>

/** A launchable item of a SCORM package (its manifest identifier and title; `href` is its launch path in the package). */
export const scormScoSchema = z
  .object({ id: z.number().int(), identifier: z.string(), title: z.string(), href: z.string() })
  .meta({ id: 'ScormSco' })
export type ScormSco = z.infer<typeof scormScoSchema>

/** A SCORM package in a sub-topic: the manifest's default organisation title, its edition, and its SCOs in order. */
export const scormPackageSchema = z
  .object({
    id: z.number().int(),
    subTopicId: z.number().int(),
    title: z.string(),
    version: z.enum(['1.2', '2004']),
    scos: z.array(scormScoSchema),
  })
  .meta({ id: 'ScormPackage' })
export type ScormPackage = z.infer<typeof scormPackageSchema>

export const subTopicSchema = z
  .object({
    id: z.number().int(),
    topicId: z.number().int(),
    title: z.string(),
    description: z.string(),
    createdAt: z.string(),
    videos: z.array(videoSchema),
    studyMaterials: z.array(studyMaterialSchema),
    scormPackages: z.array(scormPackageSchema),
  })
  .meta({ id: 'SubTopic' })
export type SubTopic = z.infer<typeof subTopicSchema>

/**
 * A sub-topic with its topic's title and description (sub-topic lists and the test screens show them) and its package
 * (a passed test's result links to the package's next step).
 */
export const subTopicWithTopicSchema = subTopicSchema
  .extend({ topicTitle: z.string(), topicDescription: z.string(), packageId: z.number().int() })
  .meta({ id: 'SubTopicWithTopic' })

export const topicSchema = z
  .object({
    id: z.number().int(),
    skillId: z.number().int(),
    title: z.string(),
    description: z.string(),
    createdAt: z.string(),
    subTopics: z.array(subTopicSchema),
  })
  .meta({ id: 'Topic' })
export type Topic = z.infer<typeof topicSchema>

export const skillSchema = z
  .object({
    id: z.number().int(),
    packageId: z.number().int(),
    title: z.string(),
    description: z.string(),
    /** Exact money as a decimal string, e.g. "19.90". */
    price: z.string(),
    createdAt: z.string(),
    topics: z.array(topicSchema),
  })
  .meta({ id: 'Skill' })
export type Skill = z.infer<typeof skillSchema>

/** A skill with its package's title and its topics (the editor and Upload Content pages). */
export const skillWithTopicsSchema = skillSchema.extend({ packageTitle: z.string() }).meta({ id: 'SkillWithTopics' })
export type SkillWithTopics = z.infer<typeof skillWithTopicsSchema>

export const packageSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    price: z.string(),
    createdAt: z.string(),
    skills: z.array(skillSchema),
  })
  .meta({ id: 'Package' })
export type Package = z.infer<typeof packageSchema>

/** A topic together with its skill's title (topic lists show it). */
export const topicWithSkillSchema = topicSchema.extend({ skillTitle: z.string() }).meta({ id: 'TopicWithSkill' })
export type TopicWithSkill = z.infer<typeof topicWithSkillSchema>
