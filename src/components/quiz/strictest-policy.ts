import { REVIEW_POLICIES } from '../../../contract/rules.ts'
import type { OverviewSubTopic } from '../../../contract/test-overview.ts'

/** A test over several sub-topics shows what the strictest of their review policies allows (as the server grades it). */
export function strictestPolicy(list: Pick<OverviewSubTopic, 'reviewPolicy' | 'reviewAfterLastAttemptOnly'>[]) {
  const rank = (s: (typeof list)[number]) => REVIEW_POLICIES.indexOf(s.reviewPolicy)
  const strictest = list.reduce((a, b) => (rank(b) < rank(a) ? b : a))
  return { reviewPolicy: strictest.reviewPolicy, reviewAfterLastAttemptOnly: list.some((s) => s.reviewAfterLastAttemptOnly) }
}
