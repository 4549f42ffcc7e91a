import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Caption } from '../../../../contract/content.ts'
import { useSavePlayerPreferences } from '../../../queries/profile.ts'
import { currentUserQueryOptions } from '../../../queries/user.ts'
import { browserLanguages, orderTracks } from './caption-choice.ts'

/**
 * The captions track and speed of one video, from the learner's choices kept on the server (so they hold across
 * videos and devices); without a choice, tracks in the browser's language come first and captions start off.
 * Every change is saved.
 */
export function usePlayerChoices(captions: Caption[]) {
  const { data: me } = useQuery(currentUserQueryOptions())
  const save = useSavePlayerPreferences()
  const wanted = me?.captionsLanguage ? [me.captionsLanguage, ...browserLanguages()] : browserLanguages()
  const tracks = orderTracks(captions, wanted)
  // Undefined until the learner chooses here: until then the stored choices decide (they may arrive after the first render).
  const [chosenCaption, setCaptionId] = useState<number | null | undefined>(undefined)
  const [chosenRate, setRate] = useState<number | undefined>(undefined)
  const [lastOn, setLastOn] = useState<number | null>(null)
  const captionId = chosenCaption !== undefined ? chosenCaption : me?.captionsOn ? (tracks[0]?.id ?? null) : null
  const rate = chosenRate ?? me?.playbackRate ?? 1

  const chooseCaption = (id: number | null) => {
    setCaptionId(id)
    if (id !== null) setLastOn(id)
    const track = tracks.find((t) => t.id === id)
    if (me) save.mutate({ name: me.name, captionsOn: id !== null, ...(track ? { captionsLanguage: track.language } : {}) })
  }
  const chooseRate = (next: number) => {
    setRate(next)
    if (me) save.mutate({ name: me.name, playbackRate: next })
  }
  const toggleCaptions = () => {
    if (tracks.length) chooseCaption(captionId !== null ? null : (lastOn ?? tracks[0]!.id))
  }

  return { tracks, captionId, chooseCaption, toggleCaptions, rate, chooseRate }
}
