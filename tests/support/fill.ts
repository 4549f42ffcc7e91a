import type { UserEvent } from '@testing-library/user-event'

/**
 * Clicks an empty field and pastes `text` into it: one input event where `user.type` sends four per character, each
 * re-rendering the form. For fields whose tests are about what is entered and sent, not about keystrokes.
 */
export async function fillIn(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field)
  await user.paste(text)
}
