import type { ReviewPolicy } from '../../../contract/assessment.ts'

const WORDS: Record<ReviewPolicy, string> = {
  never: 'You will not see your score or the answers after submitting.',
  score: 'You will see your score after submitting, not the correct answers.',
  answers: 'You will see your score and the correct answers after submitting.',
  answers_and_explanations: 'You will see your score, the correct answers and their explanations after submitting.',
}

/** What the learner will see after submitting, in words. */
export function reviewPolicyWords(policy: ReviewPolicy, afterLastAttemptOnly: boolean): string {
  const showsKeys = policy === 'answers' || policy === 'answers_and_explanations'
  if (showsKeys && afterLastAttemptOnly)
    return 'You will see your score after submitting; the correct answers are shown after your last attempt.'
  return WORDS[policy]
}
