/**
 * The sitting (the questions, answering, submitting) and its result load when a sitting opens, or when the learner
 * points at or focuses Start or Resume, not with the test's intro.
 */
export const loadSitting = () => import('./sitting.ts')
