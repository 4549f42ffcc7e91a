/** The player's keyboard shortcuts: what the '?' dialog lists and the video's description announces. */
export const SHORTCUTS = [
  { keys: ['Space', 'K'], action: 'Play or pause' },
  { keys: ['J'], action: 'Back 10 seconds' },
  { keys: ['L'], action: 'Forward 10 seconds' },
  { keys: ['←'], action: 'Back 5 seconds' },
  { keys: ['→'], action: 'Forward 5 seconds' },
  { keys: ['M'], action: 'Mute or unmute' },
  { keys: ['C'], action: 'Captions on or off' },
  { keys: ['F'], action: 'Full screen' },
  { keys: ['?'], action: 'Show these shortcuts' },
] as const

export const SHORTCUTS_DESCRIPTION = `Keyboard shortcuts: ${SHORTCUTS.map((s) => `${s.keys.join(' or ')}, ${s.action.toLowerCase()}`).join('; ')}.`

export type PlayerAction =
  | { type: 'toggle-play' }
  | { type: 'seek-by'; seconds: number }
  | { type: 'toggle-mute' }
  | { type: 'toggle-captions' }
  | { type: 'fullscreen' }
  | { type: 'help' }

/** Where typing happens: a shortcut there would eat the learner's keystrokes. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}

/** Controls that Space already activates: buttons, links, and the video itself (its own controls play and pause). */
const activatesOnSpace = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.tagName === 'BUTTON' || target.tagName === 'A' || target.tagName === 'VIDEO' || target.getAttribute('role') === 'button')

/** The action a key press inside the player or transcript asks for, or null (typing, modifiers, other keys). */
export function shortcutFor(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return null
  switch (event.key) {
    case ' ':
      return activatesOnSpace(event.target) ? null : { type: 'toggle-play' }
    case 'k':
    case 'K':
      return { type: 'toggle-play' }
    case 'j':
    case 'J':
      return { type: 'seek-by', seconds: -10 }
    case 'l':
    case 'L':
      return { type: 'seek-by', seconds: 10 }
    case 'ArrowLeft':
      return { type: 'seek-by', seconds: -5 }
    case 'ArrowRight':
      return { type: 'seek-by', seconds: 5 }
    case 'm':
    case 'M':
      return { type: 'toggle-mute' }
    case 'c':
    case 'C':
      return { type: 'toggle-captions' }
    case 'f':
    case 'F':
      return { type: 'fullscreen' }
    case '?':
      return { type: 'help' }
    default:
      return null
  }
}
