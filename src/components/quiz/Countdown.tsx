import { useEffect, useRef, useState } from 'react'
import { Text } from '@mantine/core'
import { IconClock } from '@tabler/icons-react'
import { formatClock } from './useCountdown.ts'
import classes from './Tests.module.css'

/** Screen readers hear the time left only at these points (seconds), not every second. */
const ANNOUNCE_AT = [
  { seconds: 300, text: '5 minutes left' },
  { seconds: 60, text: '1 minute left' },
]

/**
 * The visible time left. The clock itself is silent (role timer); a warning, shown and spoken (a polite live
 * region), appears at 5 minutes and changes at 1 minute. A point already passed when the test opens is not spoken.
 */
export function Countdown({ secondsLeft }: { secondsLeft: number }) {
  const spoken = useRef(new Set(ANNOUNCE_AT.filter((a) => secondsLeft < a.seconds).map((a) => a.seconds)))
  const [announcement, setAnnouncement] = useState('')

  useEffect(() => {
    for (const point of ANNOUNCE_AT) {
      if (secondsLeft <= point.seconds && !spoken.current.has(point.seconds)) {
        spoken.current.add(point.seconds)
        setAnnouncement(point.text)
      }
    }
  }, [secondsLeft])

  return (
    <>
      <Text size="sm" fw={600} role="timer" aria-label="Time left" className={classes.clock}>
        <IconClock size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {formatClock(secondsLeft)} left
      </Text>
      <Text size="sm" fw={700} aria-live="polite" aria-atomic="true" data-testid="time-announcement" className={classes.timeWarning}>
        {announcement}
      </Text>
    </>
  )
}
