import { useState, type CSSProperties } from 'react'
import type { User } from '../../../contract/auth.ts'
import { initials } from '../../lib/initials.ts'
import classes from './Avatar.module.css'

interface AvatarProps {
  user: Pick<User, 'name' | 'pictureUrl'> | undefined | null
  /** The picture's text alternative (and the initials' title). */
  alt: string
  /** Width and height in pixels. */
  size?: number
  title?: string
}

/**
 * A user's picture, or their initials when there is none or it fails to load. Plain elements styled as Mantine's
 * Avatar, which with its placeholder icon cost every signed-in screen's first load about 1 kB gzip.
 */
export function Avatar({ user, alt, size = 38, title }: AvatarProps) {
  const src = user?.pictureUrl || null
  const [failed, setFailed] = useState<string | null>(null)
  return (
    <span className={classes.root} style={{ '--avatar-size': `${size / 16}rem` } as CSSProperties} title={title}>
      {src && failed !== src ? (
        <img className={classes.image} src={src} alt={alt} onError={() => setFailed(src)} />
      ) : (
        <span className={classes.placeholder} title={alt}>
          {initials(user?.name)}
        </span>
      )}
    </span>
  )
}
