/** Limits shared by the forms and the server's schemas; kept free of zod so the landing screen stays small. */
export const PASSWORD_MIN = 8
