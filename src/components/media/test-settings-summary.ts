import type { TestSettings } from '../../../contract/assessment.ts'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** What a learner sees after submitting, as the summary names it. */
function reviewPhrase(settings: Pick<TestSettings, 'reviewPolicy' | 'reviewAfterLastAttemptOnly'>): string {
  const when = settings.reviewAfterLastAttemptOnly ? 'after the last attempt' : 'after each attempt'
  switch (settings.reviewPolicy) {
    case 'never':
      return 'nothing shown after submitting'
    case 'score':
      return 'only the score shown'
    case 'answers':
      return `answers shown ${when}`
    case 'answers_and_explanations':
      return `answers and explanations shown ${when}`
  }
}

/**
 * One sentence that sums a sub-topic's test settings up, e.g.
 * '10 of 25 questions, 15 minutes, 3 attempts, answers shown after the last attempt, pass mark 60 %'.
 * `questionCount` is the size of the sub-topic's question bank, when known.
 */
export function summarizeTestSettings(settings: TestSettings, questionCount?: number): string {
  const known = questionCount !== undefined
  const drawn = settings.drawCount > 0 && (!known || settings.drawCount < questionCount)
  const questions = drawn
    ? known
      ? `${settings.drawCount} of ${questionCount} questions`
      : `${plural(settings.drawCount, 'question')} drawn at random`
    : known
      ? `all ${plural(questionCount, 'question')}`
      : 'all questions'
  const parts = [
    questions,
    settings.timeLimitMinutes > 0 ? plural(settings.timeLimitMinutes, 'minute') : 'no time limit',
    settings.maxAttempts > 0 ? plural(settings.maxAttempts, 'attempt') : 'unlimited attempts',
    reviewPhrase(settings),
    `pass mark ${settings.passMark} %`,
  ]
  const shuffled = [settings.shuffleQuestions ? 'questions' : null, settings.shuffleOptions ? 'options' : null].filter(Boolean)
  if (shuffled.length) parts.push(`${shuffled.join(' and ')} shuffled`)
  if (settings.scoring === 'partial') parts.push('partial marks')
  const sentence = parts.join(', ')
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`
}
