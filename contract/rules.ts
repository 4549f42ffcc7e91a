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
