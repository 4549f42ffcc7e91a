import { Group, Text } from '@mantine/core'
import { IconStar, IconStarFilled } from '@tabler/icons-react'
import classes from './Stars.module.css'

interface StarsProps {
  /** 0–5; fractions fill part of a star. */
  value: number
  size?: number
  /** Shown after the stars, e.g. '(3 reviews)'. */
  count?: number
  /** The noun for `count`: '(1 review)', '(2 reviews)'. */
  countLabel?: [singular: string, plural: string]
}

const clamp = (value: number) => Math.min(5, Math.max(0, Number.isFinite(value) ? value : 0))
const plural = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`

/** A read-only rating: five stars filled to `value`, read out as 'Rated 4.5 out of 5'. */
export function Stars({ value, size = 16, count, countLabel = ['review', 'reviews'] }: StarsProps) {
  const shown = clamp(value)
  const rounded = Math.round(shown * 10) / 10
  return (
    <Group gap={6} wrap="nowrap" className={classes.root}>
      <span
        role="img"
        aria-label={`Rated ${rounded} out of 5`}
        className={classes.stars}
        style={{ ['--star-size' as string]: `${size}px` }}
      >
        {[0, 1, 2, 3, 4].map((i) => {
          const fill = Math.min(1, Math.max(0, shown - i))
          return (
            <span key={i} className={classes.star} aria-hidden="true">
              <IconStar size={size} className={classes.empty} stroke={1.6} />
              {fill > 0 ? (
                <span className={classes.fill} style={{ width: `${fill * 100}%` }}>
                  <IconStarFilled size={size} />
                </span>
              ) : null}
            </span>
          )
        })}
      </span>
      {count !== undefined ? (
        <Text span size="sm" c="dimmed">
          ({plural(count, countLabel)})
        </Text>
      ) : null}
    </Group>
  )
}
