import { useId, useState } from 'react'
import { Text } from '@mantine/core'
import { IconStar, IconStarFilled } from '@tabler/icons-react'
import classes from './StarRating.module.css'

interface StarRatingProps {
  /** The group's label, e.g. 'Presentation Rating'. */
  label: string
  /** 0 = nothing chosen yet; otherwise 1–5. */
  value: number
  onChange: (value: number) => void
  size?: number
  disabled?: boolean
}

const starName = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`

/**
 * A 1–5 star input: a radio group of native radios ('1 star' … '5 stars'), so Tab reaches it and the
 * arrow keys choose; hovering previews a value.
 */
export function StarRating({ label, value, onChange, size = 28, disabled = false }: StarRatingProps) {
  const name = useId()
  const labelId = `${name}-label`
  const [hover, setHover] = useState(0)
  const shown = hover || value
  return (
    <div className={classes.field}>
      <Text id={labelId} size="sm" fw={500} component="div">
        {label}
      </Text>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className={classes.group}
        onMouseLeave={() => setHover(0)}
        data-disabled={disabled || undefined}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={classes.option} onMouseEnter={() => !disabled && setHover(n)}>
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={n}
              checked={value === n}
              disabled={disabled}
              aria-label={starName(n)}
              onChange={() => onChange(n)}
            />
            <span className={classes.icon} data-on={n <= shown || undefined} aria-hidden="true">
              {n <= shown ? <IconStarFilled size={size} /> : <IconStar size={size} stroke={1.6} />}
            </span>
          </label>
        ))}
        <Text span size="sm" c="dimmed" ml="xs" aria-live="polite">
          {value ? starName(value) : 'Not rated yet'}
        </Text>
      </div>
    </div>
  )
}
