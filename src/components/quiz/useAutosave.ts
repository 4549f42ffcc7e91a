import { useEffect, useRef, useState } from 'react'
import { saveAnswersOnLeave, useAutosaveAnswers } from '../../queries/sittings.ts'
import type { AnswerStore } from './answer-store.ts'

/** How long answers rest before they are saved: one save for a burst of ticks. */
export const AUTOSAVE_DELAY_MS = 800

export type AutosaveState = 'idle' | 'saving' | 'saved' | 'failed'

/**
 * Saves a sitting's answers to the server shortly after they change, and at once when the screen closes or the page
 * goes away (a reload, a closed tab) with a save pending, so a reload or a second tab resumes them and a deadline
 * grades them.
 */
export function useAutosave(store: AnswerStore, sittingId: string, enabled: boolean) {
  const save = useAutosaveAnswers()
  const [state, setState] = useState<AutosaveState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const mutate = useRef(save.mutate)
  mutate.current = save.mutate

  useEffect(() => {
    if (!enabled) return
    const flush = () => {
      timer.current = null
      setState('saving')
      mutate.current({ sittingId, answers: store.toPayload() }, { onSuccess: () => setState('saved'), onError: () => setState('failed') })
    }
    const unsubscribe = store.onChange(() => {
      if (timer.current) clearTimeout(timer.current)
      timer.current = setTimeout(flush, AUTOSAVE_DELAY_MS)
    })
    // A reload or a closed tab unmounts nothing: the page's timers die with it, so the pending save leaves now.
    const onPageHide = () => {
      if (!timer.current) return
      clearTimeout(timer.current)
      timer.current = null
      saveAnswersOnLeave(sittingId, store.toPayload())
    }
    window.addEventListener('pagehide', onPageHide)
    return () => {
      window.removeEventListener('pagehide', onPageHide)
      unsubscribe()
      if (timer.current) {
        clearTimeout(timer.current)
        flush()
      }
    }
  }, [store, sittingId, enabled])

  /** Drops a save still waiting (submitting sends the answers itself). */
  const cancelPending = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }

  return { state, cancelPending }
}
