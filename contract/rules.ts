/** Limits shared by the forms and the server's schemas; kept free of zod so the landing screen stays small. */
export const PASSWORD_MIN = 8

/** The currency prices are shown in when the server names none (an ISO 4217 code). */
export const DEFAULT_CURRENCY = 'INR'

/** A 401 for a session ended by 'Sign out everywhere' (on any device), so the sign-in screen can say so. */
export const SIGNED_OUT_EVERYWHERE = 'signed-out-everywhere'
/** Machine-readable reasons an error answer may carry beside its message. */
export const errorCodes = [SIGNED_OUT_EVERYWHERE] as const
export type ErrorCode = (typeof errorCodes)[number]

/** Reminder offsets in days before a due date (negative: after it) when an assignment names none. */
export const DEFAULT_REMINDER_DAYS = [7, 1, -1]
/** The kinds of text track a video may carry (one of each per language). */
export const CAPTION_KINDS = ['captions', 'subtitles'] as const
export type CaptionKind = (typeof CAPTION_KINDS)[number]
/** The player's speeds; progress crediting still counts at most 2× (the credit budget). */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const
/** Caption files are small text; anything larger is not one. */
export const MAX_CAPTION_BYTES = 2 * 1024 * 1024
/** What a learner may see of an attempt after grading, from least to most. */
export const REVIEW_POLICIES = ['never', 'score', 'answers', 'answers_and_explanations'] as const
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number]
/** The longest comment on a video, in characters. */
export const COMMENT_MAX = 2000
