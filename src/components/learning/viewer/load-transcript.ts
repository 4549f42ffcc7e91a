/**
 * The transcript loads when it is first opened (most views never open it), or when the learner points at or focuses
 * its switch, not with the viewer.
 */
export const loadTranscript = () => import('./Transcript.tsx')
