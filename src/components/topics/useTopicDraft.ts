import { useMemo, useReducer } from 'react'
import type { SkillWithTopics } from '../../../contract/content.ts'
import {
  draftFrom,
  fieldKey,
  newSubTopic,
  newTopic,
  sameContent,
  validateDraft,
  type DraftField,
  type DraftSubTopic,
  type DraftTopic,
  type FieldErrors,
} from './draft.ts'

/** The topic editor's state: the draft, what it is compared with, and the messages shown on its fields. */
interface TopicDraftState {
  /** The server copy the draft was last reset from. */
  source: SkillWithTopics
  /** The saved state the draft is compared with (for "unsaved changes"). */
  baseline: DraftTopic[]
  draft: DraftTopic[]
  /** After a Save All attempt the draft's own validation messages show, and follow every edit. */
  showErrors: boolean
  /** Fields of rows added after a Save All attempt: their messages wait for an edit of the field or the next attempt. */
  quietFields: ReadonlySet<string>
  /** The server's messages per field from the last failed save; a field's message goes when it is edited. */
  serverErrors: FieldErrors
  /** Why the last Save All failed. */
  saveError: string | null
}

type TopicDraftAction =
  | { type: 'editTopic'; key: string; field: DraftField; value: string }
  | { type: 'editSubTopic'; topicKey: string; subKey: string; field: DraftField; value: string }
  | { type: 'addTopic'; topic: DraftTopic }
  | { type: 'addSubTopic'; topicKey: string; sub: DraftSubTopic }
  /** A row gone from the draft only (never saved), or, with `saved`, deleted on the server (gone from the baseline too). */
  | { type: 'removeTopic'; key: string; saved: boolean }
  | { type: 'removeSubTopic'; topicKey: string; subKey: string; saved: boolean }
  | { type: 'serverCopy'; skill: SkillWithTopics }
  | { type: 'saveStarted' }
  | { type: 'saved'; skill: SkillWithTopics }
  | { type: 'saveFailed'; message: string; serverErrors: FieldErrors }

const fresh = (skill: SkillWithTopics): TopicDraftState => ({
  source: skill,
  baseline: draftFrom(skill),
  draft: draftFrom(skill),
  showErrors: false,
  quietFields: new Set(),
  serverErrors: {},
  saveError: null,
})

const withoutTopic = (list: DraftTopic[], key: string) => list.filter((t) => t.key !== key)
const withoutSubTopic = (list: DraftTopic[], topicKey: string, subKey: string) =>
  list.map((t) => (t.key === topicKey ? { ...t, subTopics: t.subTopics.filter((s) => s.key !== subKey) } : t))
const withoutKey = (errors: FieldErrors, key: string) =>
  errors[key] ? Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key)) : errors

/** An edit of the draft: clears the last save's failure and the server's message on the edited field. */
function edited(state: TopicDraftState, draft: DraftTopic[], touched?: string): TopicDraftState {
  if (!touched) return { ...state, draft, saveError: null }
  const quietFields = new Set(state.quietFields)
  quietFields.delete(touched)
  return { ...state, draft, saveError: null, serverErrors: withoutKey(state.serverErrors, touched), quietFields }
}

/** A row added to the draft; once a Save All has been tried, its blank fields stay unmarked until edited. */
function added(state: TopicDraftState, draft: DraftTopic[], rowKey: string): TopicDraftState {
  const next = edited(state, draft)
  if (!state.showErrors) return next
  return { ...next, quietFields: new Set([...state.quietFields, fieldKey(rowKey, 'title'), fieldKey(rowKey, 'description')]) }
}

function reducer(state: TopicDraftState, action: TopicDraftAction): TopicDraftState {
  switch (action.type) {
    case 'editTopic':
      return edited(
        state,
        state.draft.map((t) => (t.key === action.key ? { ...t, [action.field]: action.value } : t)),
        fieldKey(action.key, action.field),
      )
    case 'editSubTopic':
      return edited(
        state,
        state.draft.map((t) =>
          t.key === action.topicKey
            ? { ...t, subTopics: t.subTopics.map((s) => (s.key === action.subKey ? { ...s, [action.field]: action.value } : s)) }
            : t,
        ),
        fieldKey(action.subKey, action.field),
      )
    case 'addTopic':
      return added(state, [...state.draft, action.topic], action.topic.key)
    case 'addSubTopic':
      return added(
        state,
        state.draft.map((t) => (t.key === action.topicKey ? { ...t, subTopics: [...t.subTopics, action.sub] } : t)),
        action.sub.key,
      )
    case 'removeTopic': {
      const next = edited(state, withoutTopic(state.draft, action.key))
      return action.saved ? { ...next, baseline: withoutTopic(state.baseline, action.key) } : next
    }
    case 'removeSubTopic': {
      const next = edited(state, withoutSubTopic(state.draft, action.topicKey, action.subKey))
      return action.saved ? { ...next, baseline: withoutSubTopic(state.baseline, action.topicKey, action.subKey) } : next
    }
    case 'serverCopy':
      // A refetch: adopt it unless there is unsaved work to keep.
      return sameContent(state.draft, state.baseline) ? fresh(action.skill) : { ...state, source: action.skill }
    case 'saveStarted':
      return { ...state, showErrors: true, quietFields: new Set(), saveError: null, serverErrors: {} }
    case 'saved':
      return fresh(action.skill)
    case 'saveFailed':
      return { ...state, saveError: action.message, serverErrors: action.serverErrors }
  }
}

/**
 * The topic editor's draft of one skill's topics and sub-topics, with its validation (the server's own schema)
 * and whether it differs from what is saved. The actions keep their identity, so unchanged rows skip re-rendering.
 */
export function useTopicDraft(skill: SkillWithTopics) {
  const [state, dispatch] = useReducer(reducer, skill, fresh)
  if (skill !== state.source) dispatch({ type: 'serverCopy', skill })

  const validation = validateDraft(state.draft)
  const liveErrors =
    state.showErrors && !validation.ok
      ? Object.fromEntries(Object.entries(validation.errors).filter(([key]) => !state.quietFields.has(key)))
      : {}

  const actions = useMemo(
    () => ({
      editTopic: (key: string, field: DraftField, value: string) => dispatch({ type: 'editTopic', key, field, value }),
      editSubTopic: (topicKey: string, subKey: string, field: DraftField, value: string) =>
        dispatch({ type: 'editSubTopic', topicKey, subKey, field, value }),
      /** Adds an empty topic and returns it (to focus its title). */
      addTopic: () => {
        const topic = newTopic()
        dispatch({ type: 'addTopic', topic })
        return topic
      },
      addSubTopic: (topicKey: string) => {
        const sub = newSubTopic()
        dispatch({ type: 'addSubTopic', topicKey, sub })
        return sub
      },
      removeTopic: (key: string, saved: boolean) => dispatch({ type: 'removeTopic', key, saved }),
      removeSubTopic: (topicKey: string, subKey: string, saved: boolean) => dispatch({ type: 'removeSubTopic', topicKey, subKey, saved }),
      saveStarted: () => dispatch({ type: 'saveStarted' }),
      saved: (saved: SkillWithTopics) => dispatch({ type: 'saved', skill: saved }),
      saveFailed: (message: string, serverErrors: FieldErrors) => dispatch({ type: 'saveFailed', message, serverErrors }),
    }),
    [],
  )

  return {
    draft: state.draft,
    dirty: !sameContent(state.draft, state.baseline),
    validation,
    /** The messages to show on fields: the server's, and the draft's own after a Save All attempt. */
    errors: { ...state.serverErrors, ...liveErrors } as FieldErrors,
    invalidCount: Object.keys(liveErrors).length,
    saveError: state.saveError,
    actions,
  }
}

export type TopicDraftActions = ReturnType<typeof useTopicDraft>['actions']
