import { useEffect, useState } from 'react'

/**
 * The time left until a sitting's deadline, in whole seconds, ticking once a second. The server's clock
 * (`serverNow`, when it answered) corrects the device's, so a wrong device clock neither shortens nor extends the test.
 */
export function useCountdown(deadline: string | null, serverNow: string): number | null {
  const [offset] = useState(() => Date.parse(serverNow) - Date.now())
  const secondsLeft = () => (deadline ? Math.max(0, Math.ceil((Date.parse(deadline) - (Date.now() + offset)) / 1000)) : null)
  const [left, setLeft] = useState(secondsLeft)

  useEffect(() => {
    if (!deadline) return
    const tick = () => setLeft(Math.max(0, Math.ceil((Date.parse(deadline) - (Date.now() + offset)) / 1000)))
    tick()
    const id = setInterval(tick, 1000)
    return () => clearInterval(id)
  }, [deadline, offset])

  return left
}

/** '14:05' (minutes and seconds), or '1:02:03' past an hour. */
export function formatClock(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600)
  const m = Math.floor((totalSeconds % 3600) / 60)
  const s = totalSeconds % 60
  const mm = String(m).padStart(2, '0')
  const ss = String(s).padStart(2, '0')
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`
}
