import type { TestSettings } from '../../contract/assessment.ts'
import type { AuthUser } from '../deps.ts'
import { conflict } from '../http/errors.ts'
import { type Queryable, loadSettings } from './settings.ts'

/** A time limit, a draw or an attempt limit only hold if the questions are seen and graded inside a sitting. */
const needsSitting = (s: TestSettings) => s.timeLimitMinutes > 0 || s.drawCount > 0 || s.maxAttempts > 0

/** 409 'Start the test first' when one of the sub-topics needs a sitting. */
export function assertNoSittingNeeded(settings: Map<number, TestSettings>) {
  for (const s of settings.values()) if (needsSitting(s)) throw conflict('Start the test first')
}

/** Learners get question texts outside a sitting only for sub-topics that need none; admins always do. */
export async function assertQuestionsReadable(db: Queryable, viewer: AuthUser, subTopicIds: number[]) {
  if (viewer.role === 'admin' || !subTopicIds.length) return
  assertNoSittingNeeded(await loadSettings(db, [...new Set(subTopicIds)]))
}
