import type { OptionLetter } from '../../../contract/media.ts'

/**
 * The answers of one sitting, kept outside React state: ticking a box re-renders only its own question
 * row (which holds its ticks) and the small counters that subscribe here, never the whole list.
 */
export class AnswerStore {
  private answers = new Map<number, OptionLetter[]>()
  private listeners = new Set<() => void>()
  private changeListeners = new Set<() => void>()
  private answered = 0

  /** Starts from the answers a sitting saved (a reload or a second tab resumes it). */
  constructor(saved: Record<string, string[]> = {}) {
    for (const [id, letters] of Object.entries(saved)) {
      if (letters.length) this.answers.set(Number(id), [...letters].sort() as OptionLetter[])
    }
    this.answered = this.answers.size
  }

  set(mcqId: number, letters: OptionLetter[]) {
    const before = (this.answers.get(mcqId)?.length ?? 0) > 0
    if (letters.length) this.answers.set(mcqId, [...letters].sort())
    else this.answers.delete(mcqId)
    const after = letters.length > 0
    if (before !== after) {
      this.answered += after ? 1 : -1
      for (const listener of this.listeners) listener()
    }
    for (const listener of this.changeListeners) listener()
  }

  get(mcqId: number): OptionLetter[] {
    return this.answers.get(mcqId) ?? []
  }

  clear() {
    this.answers.clear()
    this.answered = 0
    for (const listener of this.listeners) listener()
  }

  /** How many questions have at least one box ticked. */
  answeredCount = () => this.answered

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  /** Called on every change of an answer (the autosave listens). */
  onChange = (listener: () => void) => {
    this.changeListeners.add(listener)
    return () => void this.changeListeners.delete(listener)
  }

  /** The wire form: `{ [mcqId]: ['A', 'C'] }`, unanswered questions left out (they count as wrong). */
  toPayload(): Record<string, string[]> {
    return Object.fromEntries([...this.answers].map(([id, letters]) => [String(id), letters]))
  }
}
