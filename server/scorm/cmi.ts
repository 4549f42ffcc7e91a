import type { ScormEdition } from './manifest.ts'

/** What the server keeps of a SCO's run-time data (scorm_cmi), in either edition's terms. */
export interface CmiRecord {
  status: string
  successStatus: string | null
  scoreRaw: number | null
  scoreMin: number | null
  scoreMax: number | null
  scoreScaled: number | null
  location: string
  suspendData: string
  exit: string
  totalSeconds: number
}

/** A flattened element's value as a commit carries it (an empty collection is an empty object or array). */
export type CommitValue = string | number | boolean | null | Record<string, never> | never[]

export const NOT_ATTEMPTED = 'not attempted'

/** A value read from a commit: what it sets, or why it is refused. */
type Reader = (value: string) => { set: Partial<CmiRecord> } | { error: string }

const vocabulary =
  (field: keyof CmiRecord, words: string[]): Reader =>
  (value) =>
    words.includes(value) ? { set: { [field]: value } } : { error: `must be one of ${words.map((w) => `'${w}'`).join(', ')}` }

const DECIMAL = /^-?\d{1,10}(\.\d{1,7})?$/
const decimal =
  (field: keyof CmiRecord, range?: [number, number]): Reader =>
  (value) => {
    if (value === '') return { set: { [field]: null } }
    if (!DECIMAL.test(value)) return { error: 'must be a decimal number' }
    const n = Number(value)
    if (range && (n < range[0] || n > range[1])) return { error: `must be between ${range[0]} and ${range[1]}` }
    return { set: { [field]: n } }
  }

const characters =
  (field: keyof CmiRecord, max: number): Reader =>
  (value) =>
    value.length > max ? { error: `must be at most ${max.toLocaleString('en-US')} characters` } : { set: { [field]: value } }

/** SCORM 1.2 CMITimespan: HHHH:MM:SS.SS. */
const TIMESPAN = /^(\d{2,4}):([0-5]\d):([0-5]\d)(\.\d{1,2})?$/
/** SCORM 2004 timeinterval (second, 10,0): an ISO 8601 duration. */
const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,2})?)S)?)?$/

const timespan: Reader = (value) => {
  const m = TIMESPAN.exec(value)
  if (!m) return { error: 'must be a time span HHHH:MM:SS.SS' }
  return { set: { totalSeconds: Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4] ?? 0) } }
}
const duration: Reader = (value) => {
  const m = DURATION.exec(value)
  if (!m || value === 'P' || value.endsWith('T')) return { error: 'must be an ISO 8601 duration such as PT1H2M3S' }
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number]
  return { set: { totalSeconds: ((y * 365 + mo * 30 + d) * 24 + h) * 3600 + mi * 60 + s } }
}
const checkOnly =
  (check: Reader): Reader =>
  (value) => {
    const read = check(value)
    return 'error' in read ? read : { set: {} }
  }

const SCORM12: Record<string, Reader> = {
  'cmi.core.lesson_status': vocabulary('status', ['passed', 'completed', 'failed', 'incomplete', 'browsed', NOT_ATTEMPTED]),
  'cmi.core.score.raw': decimal('scoreRaw', [0, 100]),
  'cmi.core.score.min': decimal('scoreMin', [0, 100]),
  'cmi.core.score.max': decimal('scoreMax', [0, 100]),
  'cmi.core.lesson_location': characters('location', 255),
  'cmi.suspend_data': characters('suspendData', 4096),
  'cmi.core.exit': vocabulary('exit', ['time-out', 'suspend', 'logout', '']),
  'cmi.core.session_time': checkOnly(timespan),
  'cmi.core.total_time': timespan,
}

const scorm2004 = (suspendDataMax: number): Record<string, Reader> => ({
  'cmi.completion_status': vocabulary('status', ['completed', 'incomplete', NOT_ATTEMPTED, 'unknown']),
  'cmi.success_status': vocabulary('successStatus', ['passed', 'failed', 'unknown']),
  'cmi.score.scaled': decimal('scoreScaled', [-1, 1]),
  'cmi.score.raw': decimal('scoreRaw'),
  'cmi.score.min': decimal('scoreMin'),
  'cmi.score.max': decimal('scoreMax'),
  'cmi.location': characters('location', 1000),
  'cmi.suspend_data': characters('suspendData', suspendDataMax),
  'cmi.exit': vocabulary('exit', ['time-out', 'suspend', 'logout', 'normal', '']),
  'cmi.session_time': checkOnly(duration),
  'cmi.total_time': duration,
})

/** suspend_data holds 4,000 characters in SCORM 2004's 2nd and 3rd editions, 64,000 in the 4th. */
const MODELS: Record<ScormEdition, Record<string, Reader>> = {
  '1.2': SCORM12,
  '2004-2': scorm2004(4000),
  '2004-3': scorm2004(4000),
  '2004-4': scorm2004(64000),
}

/**
 * Reads a commit's flattened elements ('cmi.core.lesson_status': 'completed', …) against the edition's data model:
 * the elements the server keeps are checked against their type and vocabulary; every other element is left to the
 * runtime (scorm-again validated it as the SCO set it) and not stored. Answers what to store, or each bad element.
 */
export function readCommit(
  edition: ScormEdition,
  elements: Record<string, CommitValue>,
): { set: Partial<CmiRecord> } | { errors: Record<string, string> } {
  const model = MODELS[edition]
  const set: Partial<CmiRecord> = {}
  const errors: Record<string, string> = {}
  for (const [element, raw] of Object.entries(elements)) {
    const reader = model[element]
    if (!reader) continue
    if (typeof raw === 'object' && raw !== null) {
      errors[element] = `${element} must be a single value`
      continue
    }
    const read = reader(raw === null || raw === undefined ? '' : String(raw))
    if ('error' in read) errors[element] = `${element} ${read.error}`
    else Object.assign(set, read.set)
  }
  return Object.keys(errors).length ? { errors } : { set }
}

/** A SCO's state as the runtime's data model starts it (scorm-again's loadFromJSON, under `cmi`). */
export function initialCmi(edition: ScormEdition, learner: { id: number; name: string }, record: CmiRecord | null) {
  const entry = !record ? 'ab-initio' : record.exit === 'suspend' ? 'resume' : ''
  const score = (fields: Record<string, number | null>) =>
    Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (v === null ? [] : [[k, String(v)]])))
  if (edition === '1.2') {
    return {
      core: {
        student_id: String(learner.id),
        student_name: learner.name,
        lesson_status: record?.status ?? NOT_ATTEMPTED,
        lesson_location: record?.location ?? '',
        entry,
        score: score({ raw: record?.scoreRaw ?? null, min: record?.scoreMin ?? null, max: record?.scoreMax ?? null }),
      },
      suspend_data: record?.suspendData ?? '',
    }
  }
  return {
    learner_id: String(learner.id),
    learner_name: learner.name,
    completion_status: record?.status ?? 'unknown',
    success_status: record?.successStatus ?? 'unknown',
    location: record?.location ?? '',
    entry,
    suspend_data: record?.suspendData ?? '',
    score: score({
      scaled: record?.scoreScaled ?? null,
      raw: record?.scoreRaw ?? null,
      min: record?.scoreMin ?? null,
      max: record?.scoreMax ?? null,
    }),
  }
}

/** Whether a SCO counts as done: 1.2 completed or passed; 2004 completed, unless its success status is failed. */
export function isScoComplete(record: Pick<CmiRecord, 'status' | 'successStatus'> | undefined): boolean {
  if (!record) return false
  if (record.successStatus === 'failed') return false
  return record.status === 'completed' || record.status === 'passed'
}

/** The status shown for a SCO: 2004's success status once it is decided, else the lesson or completion status. */
export function shownStatus(record: Pick<CmiRecord, 'status' | 'successStatus'> | undefined): string {
  if (!record) return NOT_ATTEMPTED
  return record.successStatus === 'passed' || record.successStatus === 'failed' ? record.successStatus : record.status
}

/** A score as a percentage (0..100, one decimal), from the scaled score or raw within min..max; null without one. */
export function scorePercent(record: Pick<CmiRecord, 'scoreRaw' | 'scoreMin' | 'scoreMax' | 'scoreScaled'> | undefined): number | null {
  if (!record) return null
  let percent: number | null = null
  if (record.scoreScaled !== null) percent = record.scoreScaled * 100
  else if (record.scoreRaw !== null) {
    const min = record.scoreMin ?? 0
    const max = record.scoreMax ?? 100
    percent = max > min ? ((record.scoreRaw - min) / (max - min)) * 100 : record.scoreRaw
  }
  return percent === null ? null : Math.round(percent * 10) / 10
}
