import type { z } from 'zod'
import { saveTopicsInput, type SkillWithTopics } from '../../../contract/content.ts'

/** The editor's local copy of a skill's topics. `key` is stable for React and field ids; `id` exists once saved. */
export interface DraftSubTopic {
  key: string
  id?: number
  title: string
  description: string
}

export interface DraftTopic {
  key: string
  id?: number
  title: string
  description: string
  subTopics: DraftSubTopic[]
}

export type DraftField = 'title' | 'description'

/** `${row key}.${field}` → message. */
export type FieldErrors = Record<string, string>

export const fieldKey = (rowKey: string, field: DraftField) => `${rowKey}.${field}`
/** The DOM id of a row's input, for labels and for focusing the first invalid field. */
export const fieldId = (rowKey: string, field: DraftField) => `topic-editor-${rowKey}-${field}`

let counter = 0
const newKey = (kind: 't' | 's') => `new-${kind}${++counter}`

export const newTopic = (): DraftTopic => ({ key: newKey('t'), title: '', description: '', subTopics: [] })
export const newSubTopic = (): DraftSubTopic => ({ key: newKey('s'), title: '', description: '' })

export function draftFrom(skill: SkillWithTopics): DraftTopic[] {
  return skill.topics.map((topic) => ({
    key: `t${topic.id}`,
    id: topic.id,
    title: topic.title,
    description: topic.description,
    subTopics: topic.subTopics.map((sub) => ({ key: `s${sub.id}`, id: sub.id, title: sub.title, description: sub.description })),
  }))
}

/** What Save All would send for this draft (before validation). */
export function toInput(draft: DraftTopic[]): z.input<typeof saveTopicsInput> {
  return {
    topics: draft.map((topic) => ({
      id: topic.id,
      title: topic.title,
      description: topic.description,
      subTopics: topic.subTopics.map((sub) => ({ id: sub.id, title: sub.title, description: sub.description })),
    })),
    deletedTopicIds: [],
    deletedSubTopicIds: [],
  }
}

/** True when the two drafts would save the same thing (row keys aside). */
export const sameContent = (a: DraftTopic[], b: DraftTopic[]) => JSON.stringify(toInput(a)) === JSON.stringify(toInput(b))

/**
 * Maps an error path of the Save All body ('topics.0.subTopics.1.title', as zod and the server's
 * errorDetails name it) to the draft field it is about.
 */
export function fieldOfPath(draft: DraftTopic[], path: readonly PropertyKey[]): string | undefined {
  const [root, t, third, s, fifth] = path
  if (root !== 'topics' || typeof t !== 'number') return undefined
  const topic = draft[t]
  if (!topic) return undefined
  if (third === 'title' || third === 'description') return fieldKey(topic.key, third)
  if (third === 'subTopics' && typeof s === 'number' && (fifth === 'title' || fifth === 'description')) {
    const sub = topic.subTopics[s]
    return sub ? fieldKey(sub.key, fifth) : undefined
  }
  return undefined
}

export type Validation = { ok: true; input: z.output<typeof saveTopicsInput> } | { ok: false; errors: FieldErrors }

/** Checks the draft with the same rules the server applies (contract/content.ts `saveTopicsInput`). */
export function validateDraft(draft: DraftTopic[]): Validation {
  const parsed = saveTopicsInput.safeParse(toInput(draft))
  if (parsed.success) return { ok: true, input: parsed.data }
  const errors: FieldErrors = {}
  for (const issue of parsed.error.issues) {
    const key = fieldOfPath(draft, issue.path)
    if (key) errors[key] ??= issue.message
  }
  return { ok: false, errors }
}

/** The server's errorDetails ('topics.0.title' → message) as draft field errors. */
export function errorsFromDetails(draft: DraftTopic[], details: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {}
  for (const [path, message] of Object.entries(details)) {
    const key = fieldOfPath(
      draft,
      path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    )
    if (key) errors[key] ??= message
  }
  return errors
}

/** Field ids in screen order, to focus the first one that has an error. */
export function fieldOrder(draft: DraftTopic[]): string[] {
  return draft.flatMap((topic) => [
    fieldKey(topic.key, 'title'),
    fieldKey(topic.key, 'description'),
    ...topic.subTopics.flatMap((sub) => [fieldKey(sub.key, 'title'), fieldKey(sub.key, 'description')]),
  ])
}
